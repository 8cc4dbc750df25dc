import Hummingbird
import NIOCore

/// `GET /`: the home page (``HomePage``), with the report pages' headers (their
/// Content-Security-Policy: nothing loaded from elsewhere, no inline script; frames of this
/// site only, for the map beside the list). It takes the
/// query its own script keeps in the address, `near` and `page`, and leaves them to the script.
struct HomePageController {
    /// Whether the page offers alerts by mail (the server sends mail).
    var alerts = false

    func addRoutes(to router: Router<ServiceRequestContext>) {
        let alerts = self.alerts
        router.get(RouterPath(HomePage.path)) { request, _ -> Response in
            _ = try Query(request, allowed: ["near", "page"])
            var headers = ReportPagesController.pageHeaders
            // The map beside the list is this site's /map?embed=1 in a frame.
            headers[.contentSecurityPolicy] = (headers[.contentSecurityPolicy] ?? "") + "; frame-src 'self'"
            var page = HomePage()
            page.alerts = alerts
            let html = try PageTemplates.render(page, template: "Home")
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        }
    }
}
