import Hummingbird
import NIOCore

/// Files embedded in the binary and served as they are, by name: the pages' scripts and
/// style (``PageTemplates/assets``), the map's Leaflet (``MapPageController/assets``).
struct EmbeddedAssets: Sendable {
    /// Each file's bytes, by the name it is served under (its ending gives its content type:
    /// ``contentType(of:)``).
    let files: [String: [UInt8]]
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
            guard let bytes = files[name] else {
                throw Problem(
                    .notFound,
                    detail: "No \(noun) '\(StepRequest.shown(name))'; the assets are "
                        + files.keys.sorted().joined(separator: ", ") + ".")
            }
            return Response(
                status: .ok,
                headers: [
                    .contentType: Self.contentType(of: name), .cacheControl: cacheControl,
                    .xContentTypeOptions: "nosniff",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }

    /// The content type of the file `name`, by its ending: a script, a style sheet, a PNG image;
    /// a name without one (Leaflet's `LICENSE`) is plain text.
    static func contentType(of name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "text/plain; charset=utf-8" }
        switch name[name.index(after: dot)...] {
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "png": return "image/png"
        default: return "application/octet-stream"
        }
    }
}
