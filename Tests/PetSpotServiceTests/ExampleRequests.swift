import Foundation
import PhotoTestSupport
import Reports

/// Requests to a server without a location source, with the status each must get: the
/// success and error shapes of every endpoint (the conformance test checks their bodies
/// against the OpenAPI document, the endpoint tests their values).
struct ExampleRequest: Sendable {
    var method = "GET"
    var path: String
    var headers: [(String, String)] = []
    var body: [UInt8]? = nil
    var status: Int
}

enum ExampleRequests {
    static let pair = "52.2297,21.0122"

    /// A scenario document a client posts: granted, one fix in Kraków.
    static let postedScenario = """
        title: Posted
        authorization: authorizedWhenInUse
        timeline:
          - fix: {coordinate: "50.0614, 19.9366", accuracy: 8}
        consumer:
          - requestLocation: {timeout: 5s}
        expect:
          - request: fix
        """

    static let json = [("Content-Type", "application/json")]
    static let octets = [("Content-Type", "application/octet-stream")]
    /// A draft's key: the first found report posted with it is stored, the same again answered.
    static let idempotent = [("Idempotency-Key", "ex-draft-6f1c2a9e-0b7d-4e35-a8c4-2d9f71b0e5aa")]
    /// The operator's token of the server `withStore` runs on, and the header that shows it.
    static let operatorSecret = "ex-operator-7c2e9a41b3d85f60e1a2b4c6d8f0a1b2"
    static let asOperator = [("Authorization", "Bearer \(operatorSecret)")]
    static let asStranger = [("Authorization", "Bearer not-this-reports-owner-token-aaaaaaaaaa")]
    /// The smallest whole PNG the photo rules take (the scrubber keeps it as it is).
    static let png: [UInt8] = StructuredPhotos.png(byteCount: 57)

    /// The report pages, their assets, and the step API they ask.
    static let reportPages: [ExampleRequest] = [
        ExampleRequest(path: "/report/found", status: 200),
        ExampleRequest(path: "/report/missing", status: 200),
        ExampleRequest(path: "/report/found?step=2", status: 400),
        ExampleRequest(path: "/report/missing?step=2", status: 400),
        ExampleRequest(path: "/report/assets/report.js", status: 200),
        ExampleRequest(path: "/report/assets/report.css", status: 200),
        ExampleRequest(path: "/report/assets/pet.js", status: 200),
        ExampleRequest(path: "/report/assets/home.js", status: 200),
        ExampleRequest(path: "/report/assets/home.css", status: 200),
        ExampleRequest(path: "/", status: 200),
        ExampleRequest(path: "/?near=52.2297,21.0122&page=2", status: 200),
        ExampleRequest(path: "/?step=2", status: 400),
        ExampleRequest(path: "/pets/r-1", status: 200),
        ExampleRequest(path: "/pets/r-1?full=1", status: 400),
        ExampleRequest(path: "/pets/nearby", status: 404),
        ExampleRequest(path: "/pets/r-1/poster", status: 503),
        ExampleRequest(path: "/report/assets/poster.js", status: 200),
        ExampleRequest(path: "/report/assets/report.js?v=2", status: 400),
        ExampleRequest(path: "/report/assets/app.js", status: 404),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails", headers: json,
            body: Array(#"{"edit": {"field": "microchipNumber", "value": "123456"}}"#.utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/missing/animalDescription", headers: json,
            body: Array(#"{"action": "continue", "values": {"locationLatitude": "95"}}"#.utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/contactInfo", headers: json,
            body: Array(#"{"action": "continue", "values": {}, "earlierSteps": {"petDetails": {}}}"#.utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails", headers: json, body: Array("{".utf8),
            status: 400),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/nope", headers: json, body: Array("{}".utf8), status: 404),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails", headers: [("Content-Type", "text/plain")],
            body: Array("{}".utf8), status: 415),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails", headers: json,
            body: Array(repeating: UInt8(ascii: " "), count: 300 * 1024), status: 413),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails/location", headers: json,
            body: Array(#"{"browser": {"latitude": 50.0614, "longitude": 19.9366}}"#.utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/missing/animalDescription/location", headers: json,
            body: Array(#"{"browser": {"errorCode": 1}}"#.utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/missing/animalDescription/location", headers: json,
            body: Array("{}".utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails/location", headers: json,
            body: Array(#"{"browser": {"errorCode": 9}}"#.utf8), status: 400),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/contactInfo/location", headers: json,
            body: Array("{}".utf8), status: 404),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails/location", body: Array("{}".utf8), status: 415),
        ExampleRequest(
            method: "POST", path: "/v1/report-steps/found/petDetails/location", headers: json,
            body: Array(repeating: UInt8(ascii: " "), count: 300 * 1024), status: 413),
        ExampleRequest(
            method: "POST", path: "/v1/report-photos/found?filename=luna.png", headers: octets, body: png, status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-photos/missing?action=continue", headers: octets, body: [], status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-photos/found?filename=cat.png", headers: octets,
            body: Array("not a photo".utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/report-photos/found?action=look", headers: octets, body: png, status: 400),
        ExampleRequest(method: "POST", path: "/v1/report-photos/lost", headers: octets, body: png, status: 404),
        ExampleRequest(
            method: "POST", path: "/v1/report-photos/found", headers: octets,
            body: png + Array(repeating: 0, count: 16 * 1_048_576), status: 413),
        ExampleRequest(method: "GET", path: "/v1/report-photos/found", status: 405),
    ]

    static let withoutSource: [ExampleRequest] = serviceRequests + reportPages

    /// The location and geodata endpoints.
    static let serviceRequests: [ExampleRequest] = [
        ExampleRequest(path: "/healthz", status: 200),
        ExampleRequest(path: "/healthz?verbose=1", status: 400),
        ExampleRequest(path: "/readyz", status: 200),
        ExampleRequest(path: "/v1/coordinates/validate?pair=\(pair)", status: 200),
        ExampleRequest(path: "/v1/coordinates/validate?latitude=91&longitude=21", status: 200),
        ExampleRequest(path: "/v1/coordinates/validate?latitude=&longitude=&flow=found", status: 200),
        ExampleRequest(path: "/v1/coordinates/validate?latitude=1&longitude=2&flow=lost", status: 400),
        ExampleRequest(path: "/v1/coordinates/validate?pair=1,2&latitude=1", status: 400),
        ExampleRequest(path: "/v1/coordinates/validate", status: 400),
        ExampleRequest(path: "/readyz?probe=1", status: 400),
        ExampleRequest(path: "/v1/coordinates/validate?pair=1,2&pair=3,4", status: 400),
        ExampleRequest(path: "/v1/places?q=krak", status: 200),
        ExampleRequest(path: "/v1/places?q=%C5%81%C3%B3d%C5%BA&limit=2", status: 200),
        ExampleRequest(path: "/v1/places", status: 400),
        ExampleRequest(path: "/v1/places?q=krak&limit=0", status: 400),
        ExampleRequest(path: "/v1/places/nearest?near=52.0815,21.0240", status: 200),
        ExampleRequest(path: "/v1/places/nearest?near=Warsaw", status: 400),
        ExampleRequest(path: "/v1/geodesy/distance?from=\(pair)&to=51.5074,-0.1278", status: 200),
        ExampleRequest(path: "/v1/geodesy/distance?from=\(pair)", status: 400),
        ExampleRequest(path: "/v1/geodesy/distance?from=95.5,21.5&to=\(pair)", status: 400),
        ExampleRequest(path: "/v1/geodesy/radius?center=\(pair)&km=15&name=Warsaw", status: 200),
        ExampleRequest(
            path: "/v1/geodesy/radius?center=\(pair)&km=15&name=Warsaw",
            headers: [("Accept", "application/geo+json")], status: 200),
        ExampleRequest(path: "/v1/geodesy/radius?center=\(pair)&km=ten", status: 400),
        ExampleRequest(path: "/v1/geodesy/radius?center=\(pair)&km=20000", status: 400),
        ExampleRequest(
            path: "/v1/geodesy/radius?center=\(pair)&km=1&points=2", headers: [("Accept", "application/geo+json")],
            status: 400),
        ExampleRequest(path: "/v1/location", status: 503),
        ExampleRequest(path: "/v1/location?scenario=default", status: 200),
        ExampleRequest(path: "/v1/location?scenario=permission-denied", status: 403),
        ExampleRequest(path: "/v1/location?scenario=restricted", status: 403),
        ExampleRequest(path: "/v1/location?scenario=no-fix-timeout&timeout=5", status: 504),
        ExampleRequest(path: "/v1/location?scenario=nope", status: 400),
        ExampleRequest(path: "/v1/location?scenario=..%2F..%2Fetc%2Fpasswd", status: 400),
        ExampleRequest(path: "/v1/location?timeout=0", status: 400),
        ExampleRequest(path: "/v1/location/updates", status: 503),
        ExampleRequest(path: "/v1/location/updates?since=1", status: 400),
        ExampleRequest(path: "/v1/reports/updates", status: 503),
        ExampleRequest(path: "/map?near=52.23,21.01", status: 200),
        ExampleRequest(path: "/map?zoom=3", status: 400),
        ExampleRequest(path: "/map/assets/leaflet.min.js", status: 200),
        ExampleRequest(path: "/map/assets/leaflet.css", status: 200),
        ExampleRequest(path: "/map/assets/marker-icon.png", status: 200),
        ExampleRequest(path: "/map/assets/LICENSE", status: 200),
        ExampleRequest(path: "/map/assets/leaflet.js", status: 404),
        ExampleRequest(path: "/map/assets/leaflet.css?v=1", status: 400),
        ExampleRequest(path: "/v1/scenarios", status: 200),
        ExampleRequest(path: "/v1/scenarios?all=1", status: 400),
        ExampleRequest(method: "POST", path: "/v1/scenarios/default/run", status: 200),
        ExampleRequest(method: "POST", path: "/v1/scenarios/nope/run", status: 404),
        ExampleRequest(method: "POST", path: "/v1/scenarios/default/run?fast=1", status: 400),
        ExampleRequest(
            method: "POST", path: "/v1/scenarios/posted/run", headers: [("Content-Type", "application/yaml")],
            body: Array(postedScenario.utf8), status: 200),
        ExampleRequest(
            method: "POST", path: "/v1/scenarios/posted/run", headers: [("Content-Type", "text/plain")],
            body: Array(postedScenario.utf8), status: 415),
        ExampleRequest(
            method: "POST", path: "/v1/scenarios/posted/run", headers: [("Content-Type", "application/yaml")],
            body: Array(repeating: UInt8(ascii: "#"), count: 300 * 1024), status: 413),
        ExampleRequest(
            method: "POST", path: "/v1/scenarios/posted/run", headers: [("Content-Type", "application/yaml")],
            body: Array("title: [unclosed\n".utf8), status: 422),
        ExampleRequest(path: "/openapi.yaml", status: 200),
        ExampleRequest(path: "/openapi.yaml?v=2", status: 400),
        ExampleRequest(path: "/nope", status: 404),
        ExampleRequest(path: "/v1/scenarios/default", status: 404),
        ExampleRequest(method: "POST", path: "/healthz", status: 405),
        ExampleRequest(method: "DELETE", path: "/v1/scenarios/default/run", status: 405),
        // No reports store.
        ExampleRequest(path: "/v1/reports", status: 503),
        ExampleRequest(path: "/v1/reports/nearby?from=\(pair)", status: 503),
        ExampleRequest(method: "POST", path: "/v1/reports/ex-1/renew", status: 503),
        ExampleRequest(path: "/v1/reports/r-1", status: 503),
        ExampleRequest(path: "/v1/reports/r-1/card", status: 503),
        ExampleRequest(path: "/v1/reports/r-1/photo", status: 503),
        ExampleRequest(method: "PUT", path: "/v1/reports/r-1/photo", headers: octets, body: png, status: 503),
        ExampleRequest(method: "DELETE", path: "/v1/reports/r-1", status: 503),
        ExampleRequest(path: "/v1/reports/r-1/matches", status: 503),
        ExampleRequest(path: "/v1/reports/r-1/contact", status: 503),
        ExampleRequest(
            method: "PATCH", path: "/v1/reports/r-1", headers: json, body: Array(#"{"status":"CLOSED"}"#.utf8),
            status: 503),
        ExampleRequest(
            method: "POST", path: "/v1/reports/missing", headers: json, body: Array(missingBody.utf8), status: 503),
        ExampleRequest(
            method: "POST", path: "/v1/reports/found", headers: json, body: Array(foundBody.utf8), status: 503),
    ]

    static let missingBody =
        #"{"species":"dog","breed":"Beagle","gender":"FEMALE","locationLatitude":52.2297,"locationLongitude":21.0122,"email":"o@example.com"}"#
    static let foundBody =
        #"{"lastSeenDate":"2025-11-18","species":"CAT","gender":"MALE","locationLatitude":52.25,"locationLongitude":21,"phone":"+48123456789","email":"f@example.com"}"#

    /// Submit report of a whole Missing report, with its photo (a PNG's first bytes): stored in
    /// one request on a server with a store.
    static let missingSubmit =
        #"{"action": "continue", "values": {"email": "o@example.com"}, "earlierSteps": {"animalDescription": {"species": "dog", "breed": "Beagle", "gender": "FEMALE"}}, "photo": {"filename": "dog.png", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAAAAAAAAAAAAAElEQVQAAAAAAAAAAElFTkQAAAAA"}}"#
}
