import Foundation
import Location
import Locking
import PetSpotService
import PropertyBased
import Testing

/// Random JSON-ish bodies on the step API never give a 5xx: whatever a page or a hostile
/// client sends is answered by the model or refused with problem details.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportStepsFuzzTests {
    static let paths = [
        "/v1/report-steps/found/petDetails", "/v1/report-steps/missing/animalDescription",
        "/v1/report-steps/found/contactInfo", "/v1/report-steps/found/petDetails/location",
        "/v1/report-steps/missing/animalDescription/location",
    ]

    /// Pieces of the step API's JSON: members, field names, values that test the rules.
    static let pieces = [
        "{", "}", "[", "]", ",", ":", "\"", "\"values\"", "\"checked\"", "\"edit\"", "\"action\"", "\"continue\"",
        "\"location\"", "\"browser\"", "\"earlierSteps\"", "\"petDetails\"", "\"field\"", "\"value\"", "\"latitude\"",
        "\"longitude\"", "\"lastSeenDate\"", "\"species\"", "\"dog\"", "\"breed\"", "\"microchipNumber\"", "\"phone\"",
        "\"kind\"", "\"located\"", "\"failed\"", "\"errorCode\"", "1", "3", "95", "-180.5", "1e309", "null", "true",
        "\"2025-02-29\"", "\"9999-12-31\"", "\"\\u0000\"", "\"\\ud800\"", "\"🐶\"", "\"\u{202E}\"",
    ]

    @Test func randomBodiesNeverGiveA5xx() async throws {
        let serverErrors = Locked<[String]>([])
        let answered = Locked(0)
        try await TestServer.with { server in
            let path = Gen.element(of: Self.paths)
            let body = Gen.element(of: Self.pieces).array(of: 0...24)
            await propertyCheck(count: 300, input: path, body) { path, pieces in
                guard let path else { return }
                let text = pieces.compactMap { $0 }.joined()
                do {
                    let answer = try await server.request(
                        "POST", path, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
                    answered.withLock { $0 += 1 }
                    if answer.status >= 500 { serverErrors.withLock { $0.append("\(path) \(text) → \(answer.body)") } }
                    if answer.status >= 400 {
                        #expect(answer.header("content-type") == "application/problem+json", "\(text)")
                    }
                } catch {
                    // Nothing reached the server.
                }
            }
        }
        #expect(serverErrors.withLock { $0 }.isEmpty, "\(serverErrors.withLock { $0 })")
        #expect(answered.withLock { $0 } >= 250)
    }
}
