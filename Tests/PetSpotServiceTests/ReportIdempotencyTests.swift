import Foundation
import PetSpotService
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// `Idempotency-Key` on `POST /v1/reports/missing|found` and on Submit report: the same request
/// again answers with the report it made, never a second one (issue 32).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportIdempotencyTests {
    static let key = "8e03978e-40d5-43e8-bc93-6894a57f9324"

    static func post(
        _ server: TestServer, _ path: String, _ body: String, key: String? = ReportIdempotencyTests.key
    ) async throws -> Answer {
        try await server.request(
            "POST", path, headers: ReportRoutesTests.json + (key.map { [("Idempotency-Key", $0)] } ?? []),
            body: Array(body.utf8))
    }

    @Test func theSameKeyTwiceIsOneReportAnsweredTwice() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let first = try await Self.post(server, "/v1/reports/found", ReportRoutesTests.foundBody)
            #expect(first.status == 201, "\(first.body)")
            let id = try #require(try first.object["id"] as? String)
            #expect(try first.object["ownerToken"] is String)
            let again = try await Self.post(server, "/v1/reports/found", ReportRoutesTests.foundBody)
            #expect(again.status == 200, "\(again.body)")
            #expect(try again.object["id"] as? String == id)
            #expect(try again.object["ownerToken"] == nil, "the owner token is given once")
            #expect(again.headers.contains { $0.0.lowercased() == "location" && $0.1 == "/v1/reports/\(id)" })
            // The draft's form of the header: a Structured Field string, in quotes.
            let quoted = try await Self.post(
                server, "/v1/reports/found", ReportRoutesTests.foundBody, key: "\"\(Self.key)\"")
            #expect(quoted.status == 200, "\(quoted.body)")
            #expect(try quoted.object["id"] as? String == id)
            #expect(try await store.count() == 1)
            #expect(try await store.report(id: id).idempotencyKey == Self.key)
        }
    }

    @Test func theSameKeyWithAnotherReportIsRefusedAndNamesTheFirst() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let first = try await Self.post(server, "/v1/reports/missing", ReportRoutesTests.missingBody)
            #expect(first.status == 201, "\(first.body)")
            let id = try #require(try first.object["id"] as? String)
            let other = ReportRoutesTests.missingBody.replacingOccurrences(of: "Red collar", with: "Blue collar")
            let refused = try await Self.post(server, "/v1/reports/missing", other)
            #expect(refused.status == 422, "\(refused.body)")
            #expect(try refused.object["reason"] as? String == "idempotencyKeyReused")
            #expect(try refused.object["id"] as? String == id)
            #expect(refused.body.contains("A new report needs a new key"), "\(refused.body)")
            // …and another flow's report with that key too.
            let found = try await Self.post(server, "/v1/reports/found", ReportRoutesTests.foundBody)
            #expect(found.status == 422, "\(found.body)")
            #expect(try await store.count() == 1)
        }
    }

    @Test func withoutAKeyEachPostIsAReportAndABadKeyIsA400() async throws {
        try await ReportRoutesTests.withStore { server, store in
            for _ in 0..<2 {
                let created = try await Self.post(server, "/v1/reports/found", ReportRoutesTests.foundBody, key: nil)
                #expect(created.status == 201, "\(created.body)")
            }
            for bad in ["has space", String(repeating: "k", count: 256), "\"\""] {
                let refused = try await Self.post(server, "/v1/reports/found", ReportRoutesTests.foundBody, key: bad)
                #expect(refused.status == 400, "\(bad): \(refused.body)")
                #expect(try refused.object["reason"] as? String == "badIdempotencyKey")
            }
            #expect(try await store.count() == 2)
        }
    }

    @Test func keysSentAtOnceMakeOneReport() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await Self.post(server, "/v1/reports/found", ReportRoutesTests.foundBody) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(
                answers.map(\.status).sorted() == [200, 200, 200, 200, 200, 200, 200, 201], "\(answers.map(\.body))")
            #expect(Set(try answers.map { try $0.object["id"] as? String }).count == 1)
            #expect(try await store.count() == 1)
        }
    }

    /// The pages' Submit report: the step API with the draft's key.
    @Test func submitReportTwiceWithTheDraftsKeyKeepsOneReport() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let body = """
                {"action": "continue",
                 "values": {"phone": "+48 123 456 789", "email": "finder@example.com", "caregiverPhone": "600 100 200"},
                 "earlierSteps": {"petDetails": {"lastSeenDate": "2025-11-17", "species": "cat", "gender": "MALE",
                                  "locationLatitude": "52.2297", "locationLongitude": "21.0122"}},
                 \(ReportStepsAPITests.photo)}
                """
            var reports: [[String: Any]] = []
            for _ in 0..<2 {
                let answer = try await Self.post(server, "/v1/report-steps/found/contactInfo", body)
                #expect(answer.status == 200, "\(answer.body)")
                reports.append(try #require(try answer.object["report"] as? [String: Any], "\(answer.body)"))
            }
            #expect(reports[0]["stored"] as? Bool == true && reports[0]["replayed"] as? Bool == false)
            #expect(reports[0]["ownerToken"] is String)
            #expect(reports[1]["replayed"] as? Bool == true && reports[1]["ownerToken"] is NSNull)
            #expect(reports[1]["id"] as? String == reports[0]["id"] as? String)
            #expect(reports[1]["url"] as? String == reports[0]["url"] as? String)
            #expect(try await store.count() == 1)
            let bad = try await Self.post(server, "/v1/report-steps/found/contactInfo", body, key: "a b")
            #expect(bad.status == 400, "\(bad.body)")
        }
    }
}
