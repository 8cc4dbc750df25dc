import Hummingbird
import NIOCore

/// `GET /openapi.yaml`: the OpenAPI 3.1 document the service follows (embedded in the
/// binary, its report schemas generated from ``ReportField``: ``OpenAPIDocument``; a test
/// checks every route, status and schema against it).
struct OpenAPIController {
    /// The document's text (``OpenAPIDocument/text``).
    static var document: String { OpenAPIDocument.text }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/openapi.yaml") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            return .text(Self.document, contentType: "application/yaml")
        }
    }
}
