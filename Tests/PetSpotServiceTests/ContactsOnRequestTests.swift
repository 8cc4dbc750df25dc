import Foundation
import PetSpotService
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// A report's contacts on a real server over a real SQLite store: a stranger finds them only
/// through `GET /v1/reports/{id}/contact`, within a budget of its own, and not once the report
/// is closed; the owner and the operator see them everywhere as before.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ContactsOnRequestTests {
    static let json = [("Content-Type", "application/json")]
    static let found = Array(
        #"{"lastSeenDate":"2025-11-18","species":"DOG","gender":"FEMALE","locationLatitude":52.24,"locationLongitude":21.02,"phone":"+48 600 111 222","email":"finder@example.com","caregiverPhone":"+48 600 333 444","currentAddress":"ul. Prosta 1, Warszawa"}"#
            .utf8)
    static let secrets = ["600", "finder@example.com", "Prosta"]

    static func withServer(contactsPerHour: Int?, _ body: @Sendable (TestServer) async throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(
            ServiceConfiguration(
                limits: ServiceLimits(changeRate: nil, contactsPerHour: contactsPerHour),
                operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
                logger: TestServer.quietLogger, reports: store, today: ReportRoutesTests.today)
        ) { server in try await body(server) }
        await store.close()
    }

    static func post(_ server: TestServer) async throws -> (id: String, owner: [(String, String)]) {
        let created = try await server.request("POST", "/v1/reports/found", headers: json, body: found)
        #expect(created.status == 201, "\(created.body)")
        let token = try #require(try created.object["ownerToken"] as? String)
        return (try #require(try created.object["id"] as? String), [("Authorization", "Bearer \(token)")])
    }

    @Test func aStrangerGetsTheContactsOnlyFromTheContactRoute() async throws {
        try await Self.withServer(contactsPerHour: 20) { server in
            let (id, owner) = try await Self.post(server)
            for path in [
                "/v1/reports/\(id)", "/v1/reports/\(id)/card", "/v1/reports", "/v1/reports?near=52.24,21.02",
                "/pets/\(id)",
            ] {
                let answer = try await server.request(path)
                #expect(answer.status == 200, "\(path): \(answer.body)")
                for secret in Self.secrets { #expect(!answer.body.contains(secret), "\(path) shows \(secret)") }
            }
            let card = try await server.request("/v1/reports/\(id)/card").object
            let fields = try #require(card["fields"] as? [[String: Any]])
            let phone = try #require(fields.first { $0["field"] as? String == "phone" })
            let reveal = try #require(phone["reveal"] as? [String: Any])
            #expect(reveal["title"] as? String == "Show phone" && reveal["id"] as? String == "petDetails.phone.reveal")
            #expect(phone["value"] as? String == "" && phone["href"] is NSNull)
            let address = try #require(fields.first { $0["field"] as? String == "currentAddress" })
            #expect((address["reveal"] as? [String: Any])?["title"] as? String == "Show address")
            let contact = try await server.request("/v1/reports/\(id)/contact")
            #expect(contact.status == 200 && contact.header("cache-control") == "no-store", "\(contact.body)")
            let rows = try #require(try contact.object["fields"] as? [[String: Any]])
            #expect(rows.first { $0["field"] as? String == "phone" }?["href"] as? String == "tel:+48600111222")
            #expect(
                rows.first { $0["field"] as? String == "currentAddress" }?["value"] as? String
                    == "ul. Prosta 1, Warszawa")
            // The owner's token and the operator's: everything, as before.
            for credentials in [owner, ExampleRequests.asOperator] {
                let whole = try await server.request("/v1/reports/\(id)", headers: credentials)
                #expect(whole.body.contains("finder@example.com") && whole.body.contains("Prosta"), "\(whole.body)")
                let ownCard = try await server.request("/v1/reports/\(id)/card", headers: credentials)
                #expect(ownCard.body.contains("tel:+48600111222") && !ownCard.body.contains("reveal\":{"))
            }
            let scrape = String(decoding: ServiceMetrics.exposition(), as: UTF8.self)
            #expect(scrape.contains("petspot_contact_reveals_total"), "reveals are counted")
        }
    }

    @Test func theContactBudgetIsItsOwnWhateverTheChangeLimitSays() async throws {
        // No change limit at all, 3 contacts an hour.
        try await Self.withServer(contactsPerHour: 3) { server in
            let (id, owner) = try await Self.post(server)
            for _ in 0..<3 { #expect(try await server.request("/v1/reports/\(id)/contact").status == 200) }
            let refused = try await server.request("/v1/reports/\(id)/contact")
            #expect(refused.status == 429, "\(refused.body)")
            #expect(try refused.object["reason"] as? String == "contactRateLimited")
            #expect(Int(refused.header("retry-after") ?? "") ?? 0 >= 1)
            #expect(try await server.request("/v1/reports/\(id)/contact", headers: owner).status == 200, "the owner")
            let scrape = String(decoding: ServiceMetrics.exposition(), as: UTF8.self)
            #expect(scrape.contains(#"petspot_refusals_total{reason="contactRateLimited"}"#))
        }
    }

    @Test func aClosedReportShowsThePublicNoContact() async throws {
        try await Self.withServer(contactsPerHour: 20) { server in
            let (id, owner) = try await Self.post(server)
            let closed = try await server.request(
                "PATCH", "/v1/reports/\(id)", headers: Self.json + owner, body: Array(#"{"status":"CLOSED"}"#.utf8))
            #expect(closed.status == 200, "\(closed.body)")
            let gone = try await server.request("/v1/reports/\(id)/contact")
            let reason = try gone.object["reason"] as? String
            #expect(gone.status == 410 && reason == "reportClosed", "\(gone.body)")
            let card = try await server.request("/v1/reports/\(id)/card")
            for secret in Self.secrets { #expect(!card.body.contains(secret)) }
            let fields = try #require(try card.object["fields"] as? [[String: Any]])
            let phone = try #require(fields.first { $0["field"] as? String == "phone" })
            #expect(phone["value"] as? String == PetCard.contactHidden && phone["reveal"] is NSNull)
            #expect(try await server.request("/v1/reports/\(id)/contact", headers: owner).status == 200, "the owner")
        }
    }
}
