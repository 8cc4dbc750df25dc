import Hummingbird
import NIOCore

/// `GET /openapi.yaml`: the OpenAPI 3.1 document the service follows (embedded in the
/// binary; a test checks every route, status and schema against it).
struct OpenAPIController {
    /// The document's text.
    static let document = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/openapi.yaml") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            return .text(Self.document, contentType: "application/yaml")
        }
    }
}
