import Hummingbird
import NIOCore

/// `GET /map` (``MapPage``) with the pages' headers, its Content-Security-Policy allowing
/// images from the tile server's origin and nothing else from elsewhere; and
/// `GET /map/assets/{file}`: Leaflet 1.7.1 (from Debian's `libjs-leaflet`, embedded in the
/// binary) with its licence, cached for a year (the files change only with petspot).
struct MapPageController {
    let tiles: TileSource

    static let assets: [String: [UInt8]] = [
        "leaflet.min.js": PackageResources.leaflet_min_js,
        "leaflet.css": PackageResources.leaflet_css,
        "marker-icon.png": PackageResources.marker_icon_png,
        "marker-icon-2x.png": PackageResources.marker_icon_2x_png,
        "marker-shadow.png": PackageResources.marker_shadow_png,
        "LICENSE": PackageResources.LICENSE,
    ]

    func addRoutes(to router: Router<ServiceRequestContext>) {
        let tiles = self.tiles
        router.get(RouterPath(MapPage.path)) { request, _ -> Response in
            let query = try Query(request, allowed: ["near", "report", "embed"])
            // embed=1: the map beside the home page's list, in its frame (this site's pages only).
            let embedded = query["embed"] == "1"
            var headers = ReportPagesController.pageHeaders
            headers[.contentSecurityPolicy] =
                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: \(tiles.origin); "
                + "connect-src 'self'; base-uri 'none'; form-action 'none'; "
                + "frame-ancestors \(embedded ? "'self'" : "'none'")"
            let page = MapPage(tileURL: tiles.template, tileAttribution: tiles.attribution, embedded: embedded)
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: try PageTemplates.render(page, template: "Map"))))
        }
        EmbeddedAssets(files: Self.assets, noun: "map asset", cacheControl: "public, max-age=31536000, immutable")
            .addRoute("/map/assets/{file}", to: router)
    }
}
