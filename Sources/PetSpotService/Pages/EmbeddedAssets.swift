import Hummingbird
import NIOCore

/// Files embedded in the binary and served as they are, by name: the pages' scripts and
/// style (``PageTemplates/assets``), the map's Leaflet (``MapPageController/assets``).
struct EmbeddedAssets: Sendable {
    /// Each file's content type and bytes, by the name it is served under.
    let files: [String: (contentType: String, bytes: [UInt8])]
    /// What a 404 calls one of them: `page asset`, `map asset`.
    let noun: String
    /// The `Cache-Control` of every file.
    let cacheControl: String

    /// Adds `GET path` (ending in `{file}`): the file with its content type, or a 404 that
    /// lists the files there are.
    func addRoute(_ path: String, to router: Router<ServiceRequestContext>) {
        router.get(RouterPath(path)) { request, context -> Response in
            _ = try Query(request, allowed: [])
            let name = context.parameters.get("file") ?? ""
            guard let asset = files[name] else {
                throw Problem(
                    .notFound,
                    detail: "No \(noun) '\(StepRequest.shown(name))'; the assets are "
                        + files.keys.sorted().joined(separator: ", ") + ".")
            }
            return Response(
                status: .ok,
                headers: [
                    .contentType: asset.contentType, .cacheControl: cacheControl, .xContentTypeOptions: "nosniff",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
        }
    }
}
