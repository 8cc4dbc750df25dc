import Foundation
import Locking
import PetSpotService
import PropertyBased
import Testing

/// Random query strings and bodies on every route never give a 5xx: whatever a client sends
/// is answered, with problem details when it is wrong.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct RequestFuzzTests {
    static let targets = [
        ("GET", "/healthz"), ("GET", "/readyz"), ("GET", "/v1/coordinates/validate"), ("GET", "/v1/geodesy/distance"),
        ("GET", "/v1/geodesy/radius"), ("GET", "/v1/location"), ("GET", "/v1/location/updates"),
        ("GET", "/v1/scenarios"), ("POST", "/v1/scenarios/default/run"), ("POST", "/v1/scenarios/x/run"),
        ("GET", "/openapi.yaml"), ("PATCH", "/v1/geodesy/radius"), ("GET", "/v1/nope"),
        ("GET", "/report/found"), ("GET", "/report/missing"), ("GET", "/report/assets/report.js"),
        ("POST", "/v1/report-steps/found/petDetails"), ("POST", "/v1/report-steps/missing/animalDescription"),
        ("POST", "/v1/report-steps/found/contactInfo"), ("POST", "/v1/report-steps/found/petDetails/location"),
        ("POST", "/v1/report-photos/found"), ("POST", "/v1/report-photos/missing"),
    ]

    /// Query-ish text: parameter names the endpoints take, separators, numbers, escapes.
    static let pieces = [
        "latitude=", "longitude=", "pair=", "flow=", "from=", "to=", "center=", "km=", "name=", "points=",
        "timeout=", "accuracy=", "maximumAge=", "scenario=", "&", "=", "%", "%2", "%ZZ", "%00", "%E2%80%AE", "-",
        "1e309", "NaN", "52.2297", ",", "21.0122", "90", "-180", "%20", "+", "°", "N", "geo:", "0", "..%2F", "default",
        "found", "missing", ";", "'", "\"", "%0A",
    ]

    @Test func randomQueriesAndBodiesNeverGiveA5xx() async throws {
        let answered = Locked(0)
        let serverErrors = Locked<[String]>([])
        try await TestServer.with { server in
            let target = Gen.element(of: Self.targets)
            let query = Gen.element(of: Self.pieces).array(of: 0...8)
            let body = Gen.character(in: " "..."~").string(of: 0...200)
            await propertyCheck(count: 300, input: target, query, body) { target, pieces, body in
                guard let target else { return }
                let text =
                    pieces.compactMap { $0 }.joined()
                    .addingPercentEncoding(withAllowedCharacters: Self.allowedInQuery) ?? ""
                let path = target.1 + (text.isEmpty ? "" : "?" + text)
                let headers = [("Content-Type", body.count % 2 == 0 ? "application/yaml" : "text/plain")]
                do {
                    let answer = try await server.request(
                        target.0, path, headers: headers, body: target.0 == "POST" ? Array(body.utf8) : nil,
                        timeout: .seconds(60))
                    answered.withLock { $0 += 1 }
                    if answer.status >= 500 && !([503, 504].contains(answer.status) && path.hasPrefix("/v1/location")) {
                        serverErrors.withLock { $0.append("\(target.0) \(path) → \(answer.status) \(answer.body)") }
                    }
                    if answer.status >= 400 {
                        #expect(answer.header("content-type") == "application/problem+json", "\(path)")
                    }
                } catch {
                    // The client refused to send it (not a valid URL): nothing reached the server.
                }
            }
        }
        #expect(serverErrors.withLock { $0 }.isEmpty, "\(serverErrors.withLock { $0 })")
        #expect(answered.withLock { $0 } >= 250)
    }

    /// Percent (kept, so that broken escapes reach the server) and what a URL's query allows.
    static let allowedInQuery: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.insert("%")
        return set
    }()
}
