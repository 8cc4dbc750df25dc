import Foundation
import Reports

/// The requests to a server over a store (``ExampleRequests/withStore``), each with the
/// status it must get.
extension ExampleRequests {
    /// Requests to a server over a store holding the reports `ex-1`, `ex-2` (no contact) and
    /// `ex-3` (an email), in order.
    static let withStore: [ExampleRequest] = [
        ExampleRequest(path: "/v1/reports", status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/missing/contactDetails", headers: json,
            body: Array(missingSubmit.utf8), status: 200),
        ExampleRequest(path: "/v1/reports?kind=missing&status=ACTIVE&limit=1", status: 200),
        ExampleRequest(path: "/v1/reports?limit=0", status: 400),
        ExampleRequest(path: "/v1/reports?near=\(pair)&limit=2&offset=0&kind=missing", status: 200),
        ExampleRequest(path: "/v1/reports?near=91,1", status: 400),
        ExampleRequest(path: "/v1/reports/nearby?from=\(pair)&limit=5&marginKm=1", status: 200),
        ExampleRequest(path: "/v1/reports/nearby?from=91,1", status: 400),
        ExampleRequest(path: "/v1/reports/updates?km=5", status: 400),
        ExampleRequest(path: "/v1/reports/ex-1", status: 200),
        ExampleRequest(path: "/v1/reports/ex-1?full=1", status: 400),
        ExampleRequest(path: "/v1/reports/none", status: 404),
        ExampleRequest(path: "/v1/reports/ex-3/card", status: 200),
        ExampleRequest(path: "/v1/reports/ex-3/card?x=1", status: 400),
        ExampleRequest(path: "/v1/reports/ex-1/card", status: 422),
        ExampleRequest(path: "/pets/ex-1/poster", status: 200),
        ExampleRequest(path: "/pets/ex-3/poster?paper=letter", status: 200),
        ExampleRequest(path: "/pets/ex-3/poster?paper=tabloid", status: 400),
        ExampleRequest(path: "/pets/ex-9/poster", status: 404),
        ExampleRequest(path: "/v1/reports/none/card", status: 404),
        ExampleRequest(path: "/v1/reports/ex-4/matches?limit=5&marginKm=2", status: 200),
        ExampleRequest(path: "/v1/reports/ex-4/matches?limit=0", status: 400),
        ExampleRequest(path: "/v1/reports/none/matches", status: 404),
        ExampleRequest(path: "/v1/reports/ex-3/contact", status: 200),
        ExampleRequest(path: "/v1/reports/ex-1/contact", status: 200),
        ExampleRequest(path: "/v1/reports/ex-3/contact?all=1", status: 400),
        ExampleRequest(path: "/v1/reports/none/contact", status: 404),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: json + asOperator,
            body: Array(#"{"status":"CLOSED"}"#.utf8),
            status: 200),
        ExampleRequest(path: "/v1/reports/ex-1/contact", status: 410),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: json + asOperator,
            body: Array(#"{"status":"GONE"}"#.utf8),
            status: 422),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: json + asOperator, body: Array("[".utf8), status: 400),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/none", headers: json, body: Array(#"{"status":"CLOSED"}"#.utf8),
            status: 404),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: asOperator, body: Array(#"{"status":"CLOSED"}"#.utf8),
            status: 415),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: json + asOperator,
            body: Array(repeating: 32, count: 300 * 1024),
            status: 413),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: json + asOperator,
            body: Array(#"{"status":"FOUND"}"#.utf8), status: 409),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: json, body: Array(#"{"status":"ACTIVE"}"#.utf8),
            status: 401),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-1", headers: json + asStranger,
            body: Array(#"{"status":"ACTIVE"}"#.utf8), status: 403),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/ex-2", headers: json + asOperator,
            body: Array(#"{"status":"ACTIVE"}"#.utf8), status: 422),
        ExampleRequest(method: "POST", path: "/v1/reports/ex-1/renew", headers: asOperator, status: 200),
        ExampleRequest(method: "POST", path: "/v1/reports/ex-1/renew", status: 401),
        ExampleRequest(method: "POST", path: "/v1/reports/ex-1/renew", headers: asStranger, status: 403),
        ExampleRequest(method: "POST", path: "/v1/reports/none/renew", headers: asOperator, status: 404),
        ExampleRequest(method: "POST", path: "/v1/reports/ex-1/renew?days=5", headers: asOperator, status: 400),
        ExampleRequest(path: "/v1/reports?contacts=true", status: 401),
        ExampleRequest(path: "/v1/reports?contacts=true", headers: asOperator, status: 200),
        ExampleRequest(path: "/v1/reports?contacts=true", headers: asStranger, status: 403),
        ExampleRequest(path: "/v1/reports?contacts=yes", status: 400),
        ExampleRequest(method: "DELETE", path: "/v1/reports/ex-2", status: 401),
        ExampleRequest(method: "DELETE", path: "/v1/reports/ex-2", headers: asStranger, status: 403),
        ExampleRequest(method: "DELETE", path: "/v1/reports/ex-2", headers: asOperator, status: 204),
        ExampleRequest(method: "DELETE", path: "/v1/reports/ex-2", headers: asOperator, status: 404),
        ExampleRequest(method: "DELETE", path: "/v1/reports/ex-1?force=1", status: 400),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing", headers: json,
            body: Array((#"{"photoUrl":"/v1/reports/ex-3/photo","# + missingBody.dropFirst()).utf8),
            status: 422),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing", headers: json, body: Array(missingBody.utf8), status: 201),
        ExampleRequest(method: "POST", path: "/v1/reports/missing", headers: json, body: Array("{}".utf8), status: 422),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing", headers: json, body: Array("nope".utf8), status: 400),
        ExampleRequest(method: "POST", path: "/v1/reports/missing", body: Array(missingBody.utf8), status: 415),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing", headers: json, body: Array(repeating: 32, count: 300 * 1024),
            status: 413),
        ExampleRequest(
            method: "POST", path: "/v1/reports/found", headers: json, body: Array(foundBody.utf8), status: 201),
        ExampleRequest(
            method: "POST", path: "/v1/reports/found", headers: json + idempotent, body: Array(foundBody.utf8),
            status: 201),
        ExampleRequest(
            method: "POST", path: "/v1/reports/found", headers: json + idempotent, body: Array(foundBody.utf8),
            status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing", headers: json + idempotent, body: Array(missingBody.utf8),
            status: 422),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing",
            headers: json + [("Idempotency-Key", "\"ex-draft-missing-1\"")], body: Array(missingBody.utf8), status: 201),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing",
            headers: json + [("Idempotency-Key", "ex-draft-missing-1")], body: Array(missingBody.utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing", headers: json + [("Idempotency-Key", "two words")],
            body: Array(missingBody.utf8), status: 400),
        ExampleRequest(
            method: "POST", path: "/v1/reports/found", headers: json, body: Array(#"{"species":1}"#.utf8), status: 422),
        ExampleRequest(method: "POST", path: "/v1/reports/found", headers: json, body: Array("1".utf8), status: 400),
        ExampleRequest(
            method: "POST", path: "/v1/reports/found", headers: [("Content-Type", "text/csv")],
            body: Array(foundBody.utf8), status: 415),
        ExampleRequest(
            method: "POST", path: "/v1/reports/found", headers: json, body: Array(repeating: 32, count: 300 * 1024),
            status: 413),
        ExampleRequest(method: "PUT", path: "/v1/reports/ex-1", status: 405),
        ExampleRequest(path: "/v1/reports/ex-3/photo", status: 404),
        ExampleRequest(method: "PUT", path: "/v1/reports/ex-3/photo", headers: octets, body: png, status: 401),
        ExampleRequest(
            method: "PUT", path: "/v1/reports/ex-3/photo", headers: octets + asStranger, body: png, status: 403),
        ExampleRequest(
            method: "PUT", path: "/v1/reports/ex-3/photo", headers: octets + asOperator, body: png, status: 200),
        ExampleRequest(path: "/v1/reports/ex-3/photo", status: 200),
        ExampleRequest(
            path: "/v1/reports/ex-3/photo", headers: [("If-None-Match", "\"\(ReportPhoto.tag(of: Data(png)))\"")],
            status: 304),
        ExampleRequest(path: "/v1/reports/ex-3/photo?size=1", status: 400),
        ExampleRequest(
            method: "PUT", path: "/v1/reports/ex-3/photo?x=1", headers: octets + asOperator, body: png, status: 400),
        ExampleRequest(method: "PUT", path: "/v1/reports/none/photo", headers: octets, body: png, status: 404),
        ExampleRequest(
            method: "PUT", path: "/v1/reports/ex-3/photo", headers: octets + asOperator, body: Array("hello".utf8),
            status: 415),
        ExampleRequest(
            method: "PUT", path: "/v1/reports/ex-3/photo", headers: octets + asOperator, body: [], status: 422),
        ExampleRequest(
            method: "PUT", path: "/v1/reports/ex-3/photo", headers: octets + asOperator,
            body: png + [UInt8](repeating: 0, count: 16 * 1_048_576), status: 413),
    ]
}
