import Foundation
import LocationTestSupport
import PetSpotService
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// Sightings over HTTP (issue 46) on a real server over a real SQLite store, and PostgreSQL:
/// the rules of a sighting, who sees a sighter's contact (issue 47), who removes one, the order
/// of the list, and the live alerts.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SightingRoutesTests {
    static let json = [("Content-Type", "application/json")]
    /// The server's clock: noon UTC the day after the missing report's `lastSeenDate` (2025-11-17).
    static let now = Date(timeIntervalSince1970: 1_763_467_200)

    static func configuration(_ store: any ReportStore) throws -> ServiceConfiguration {
        ServiceConfiguration(
            limits: .unlimitedRate, operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
            logger: TestServer.quietLogger, reports: store, today: ReportRoutesTests.today, now: { Self.now })
    }

    static func withServer(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(configuration(store)) { server in try await body(server) }
        await store.close()
    }

    static func body(
        seenAt: String = "2025-11-18T09:30:00Z", latitude: Double = 52.2401, longitude: Double = 21.0301,
        extra: String = ""
    ) -> [UInt8] {
        Array(
            #"{"seenAt":"\#(seenAt)","locationLatitude":\#(latitude),"locationLongitude":\#(longitude)\#(extra)}"#.utf8)
    }

    /// Posts a missing report: its id and owner token.
    static func missing(_ server: TestServer) async throws -> (id: String, token: String) {
        try await ReportOwnersTests.create(server, "missing")
    }

    static func sight(_ server: TestServer, _ id: String, _ body: [UInt8]) async throws -> Answer {
        try await server.request("POST", "/v1/reports/\(id)/sightings", headers: json, body: body)
    }

    static func listed(_ server: TestServer, _ id: String, _ auth: [(String, String)] = []) async throws
        -> [[String: Any]]
    {
        let answer = try await server.request("/v1/reports/\(id)/sightings", headers: auth)
        #expect(answer.status == 200, "\(answer.body)")
        return try #require(try answer.object["sightings"] as? [[String: Any]])
    }

    @Test func aSightingIsListedNewestFirstWithItsContactOnlyForTheOwnerTheOperatorAndItsMaker() async throws {
        try await Self.withServer { server in
            let (id, owner) = try await Self.missing(server)
            let first = try await Self.sight(
                server, id,
                Self.body(
                    seenAt: "2025-11-18T08:00:00Z",
                    extra:
                        #","note":"Ran north past the bakery\nwith a red collar","phone":"+48 600 700 800","email":"seer@example.org""#
                ))
            #expect(first.status == 201, "\(first.body)")
            let made = try first.object
            let maker = try #require(made["ownerToken"] as? String)
            let sid = try #require(made["id"] as? String)
            #expect(made["phone"] as? String == "+48 600 700 800" && made["locationLatitude"] as? Double == 52.2401)
            #expect(first.header("location") == "/v1/reports/\(id)/sightings/\(sid)")
            let later = try await Self.sight(server, id, Self.body(seenAt: "2025-11-18T11:15:30.250Z"))
            #expect(later.status == 201, "\(later.body)")

            let strangers = try await Self.listed(server, id, ExampleRequests.asStranger)
            #expect(
                strangers.map { $0["seenAt"] as? String } == ["2025-11-18T11:15:30.250Z", "2025-11-18T08:00:00.000Z"])
            let text = try await server.request("/v1/reports/\(id)/sightings").body
            #expect(!text.contains("600 700") && !text.contains("seer@"), "a stranger sees no contact: \(text)")
            #expect(text.contains("52.2401"), "the place seen is exact")
            for auth in [ReportOwnersTests.bearer(owner), ExampleRequests.asOperator, ReportOwnersTests.bearer(maker)] {
                let seen = try await Self.listed(server, id, auth)
                #expect(seen.last?["email"] as? String == "seer@example.org", "\(auth)")
            }
            #expect(try await server.request("/v1/reports/\(id)").body.contains(maker) == false)
        }
    }

    @Test func sightingRulesRefuseTheFutureTheDaysBeforeHostileTextAndClosedReports() async throws {
        try await Self.withServer { server in
            let (id, owner) = try await Self.missing(server)
            func refused(_ body: [UInt8], _ field: String) async throws {
                let answer = try await Self.sight(server, id, body)
                #expect(answer.status == 422, "\(answer.body)")
                let errors = try #require(try answer.object["errors"] as? [[String: Any]], "\(answer.body)")
                #expect(errors.contains { $0["field"] as? String == field }, "\(answer.body)")
            }
            try await refused(Self.body(seenAt: "2025-11-18T12:06:00Z"), "seenAt")  // 6 minutes ahead
            #expect(try await Self.sight(server, id, Self.body(seenAt: "2025-11-18T12:04:00Z")).status == 201)
            try await refused(Self.body(seenAt: "2025-11-16T09:59:59Z"), "seenAt")  // before the 17th anywhere
            try await refused(Self.body(seenAt: "2025-11-18T09:30:00+01:00"), "seenAt")
            try await refused(Self.body(seenAt: "yesterday"), "seenAt")
            try await refused(Array(#"{"locationLatitude":52.2,"locationLongitude":21.0}"#.utf8), "seenAt")
            try await refused(Self.body(latitude: 91), "locationLatitude")
            try await refused(
                Array(#"{"seenAt":"2025-11-18T09:30:00Z","locationLatitude":52.2}"#.utf8), "locationLongitude")
            try await refused(Self.body(extra: #","note":"seen \u202Eereh""#), "note")
            try await refused(Self.body(extra: #","note":"bell \u0007""#), "note")
            try await refused(Self.body(extra: #","phone":"+48\n600""#), "phone")
            try await refused(Self.body(extra: #","note":"\#(String(repeating: "a", count: 501))""#), "note")
            try await refused(Self.body(extra: #","email":"not an address""#), "email")
            try await refused(Self.body(extra: #","ownerTokenHash":"x""#), "ownerTokenHash")
            let bad = try await Self.sight(server, id, Array("{\"seenAt\":".utf8))
            #expect(bad.status == 400, "\(bad.body)")
            #expect(try await Self.sight(server, "no-such-report", Self.body()).status == 404)
            let (found, _) = try await ReportOwnersTests.create(server, "found")
            let toFound = try await Self.sight(server, found, Self.body())
            #expect(toFound.status == 409)
            #expect(try toFound.object["reason"] as? String == "notTakingSightings")
            #expect(
                try await ReportOwnersTests.patch(server, id, "CLOSED", ReportOwnersTests.bearer(owner)).status == 200)
            #expect(try await Self.sight(server, id, Self.body()).status == 409)
            #expect(try await Self.listed(server, id).count == 1, "only the sighting 4 minutes ahead was kept")
        }
    }

    @Test func theOwnerHidesOneItsMakerRemovesTheirOwnAndAStrangerIsRefused() async throws {
        try await Self.withServer { server in
            let (id, owner) = try await Self.missing(server)
            var made: [(id: String, token: String)] = []
            for _ in 0..<3 {
                let object = try await Self.sight(server, id, Self.body()).object
                made.append((try #require(object["id"] as? String), try #require(object["ownerToken"] as? String)))
            }
            let path = { (sid: String) in "/v1/reports/\(id)/sightings/\(sid)" }
            #expect(try await server.request("DELETE", path(made[0].id)).status == 401)
            #expect(
                try await server.request("DELETE", path(made[0].id), headers: ExampleRequests.asStranger).status == 403)
            let otherMaker = ReportOwnersTests.bearer(made[1].token)
            #expect(try await server.request("DELETE", path(made[0].id), headers: otherMaker).status == 403)
            #expect(
                try await server.request("DELETE", path("sig-none"), headers: ReportOwnersTests.bearer(owner)).status
                    == 404)
            let (other, _) = try await Self.missing(server)
            let elsewhere = "/v1/reports/\(other)/sightings/\(made[0].id)"
            #expect(try await server.request("DELETE", elsewhere, headers: ExampleRequests.asOperator).status == 404)
            #expect(
                try await server.request("DELETE", path(made[0].id), headers: ReportOwnersTests.bearer(made[0].token))
                    .status == 204)
            #expect(
                try await server.request("DELETE", path(made[1].id), headers: ReportOwnersTests.bearer(owner)).status
                    == 204)
            #expect(
                try await server.request("DELETE", path(made[2].id), headers: ExampleRequests.asOperator).status == 204)
            #expect(try await Self.listed(server, id).isEmpty)
        }
    }

    @Test func aSightingReachesTheLiveAlertsAtItsExactPlace() async throws {
        try await Self.withServer { server in
            let (id, _) = try await Self.missing(server)
            let client = EventStreamClient(url: server.url("/v1/reports/updates?near=52.24,21.03&km=5"))
            defer { client.close() }
            #expect(await client.wait(hangGuard) { $0.comments.contains("connected") }, "the stream opened")
            #expect(try await Self.sight(server, id, Self.body(latitude: 52.24123, longitude: 21.03456)).status == 201)
            #expect(
                await client.wait(hangGuard) { $0.events.contains { $0.name == "sighted" && $0.data.contains(id) } })
            let sighted = client.events.first { $0.name == "sighted" }
            #expect(sighted?.data.contains(#""sightingId":"sig-"#) == true, "\(String(describing: sighted?.data))")
            #expect(sighted?.data.contains("52.24123") == true, "\(String(describing: sighted?.data))")
        }
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func sightingsOnPostgresKeepTheSameRules() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            try await PostgresReportStore.withStore(address) { store in
                try await TestServer.with(try Self.configuration(store)) { server in
                    let (id, owner) = try await Self.missing(server)
                    let made = try await Self.sight(
                        server, id, Self.body(seenAt: "2025-11-18T07:00:00Z", extra: #","email":"Seer@Example.org""#))
                    #expect(made.status == 201, "\(made.body)")
                    #expect(try await Self.sight(server, id, Self.body(seenAt: "2025-11-18T10:00:00Z")).status == 201)
                    let listed = try await Self.listed(server, id)
                    #expect(
                        listed.map { $0["seenAt"] as? String } == [
                            "2025-11-18T10:00:00.000Z", "2025-11-18T07:00:00.000Z",
                        ])
                    #expect(listed.allSatisfy { $0["email"] == nil })
                    #expect(try await Self.listed(server, id, ReportOwnersTests.bearer(owner)).last?["email"] != nil)
                    #expect(try await store.removeSightings(email: "seer@example.ORG").count == 1)
                    #expect(
                        try await ReportOwnersTests.patch(server, id, "FOUND", ReportOwnersTests.bearer(owner)).status
                            == 200)
                    #expect(try await Self.sight(server, id, Self.body()).status == 409)
                }
            }
        } catch {
            Issue.record("\(error)\n\(database.logText.suffix(2000))")
        }
        await database.stop()
    }
}
