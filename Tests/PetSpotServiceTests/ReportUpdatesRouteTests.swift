import Foundation
import Location
import LocationTestSupport
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// `GET /v1/reports/updates?near=&km=`: the report alerts as Server-Sent Events, on a real
/// server and a real SQLite store: changes in the area arrive, none from outside it, and
/// `Last-Event-ID` resumes without loss.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ReportUpdatesRouteTests {
    static let json = [("Content-Type", "application/json")]
    /// Found reports 2.4 km from Warsaw's centre, and in Kraków (250 km away).
    static func found(latitude: Double, longitude: Double) -> [UInt8] {
        Array(
            #"{"lastSeenDate":"2025-11-18","species":"CAT","gender":"MALE","locationLatitude":\#(latitude),"locationLongitude":\#(longitude),"phone":"+48123456789","email":"f@example.com"}"#
                .utf8)
    }

    static func post(_ server: TestServer, _ body: [UInt8]) async throws -> String {
        let created = try await server.request("POST", "/v1/reports/found", headers: json, body: body)
        #expect(created.status == 201, "\(created.body)")
        return try #require(try created.object["id"] as? String)
    }

    /// The JSON of every alert the client read.
    static func alerts(_ client: EventStreamClient) -> [[String: Any]] {
        client.events.compactMap { event in
            (try? JSONSerialization.jsonObject(with: Data(event.data.utf8))) as? [String: Any]
        }
    }

    static func withServer(
        clock: any Clock<Duration> = ContinuousClock(), _ body: @Sendable (TestServer) async throws -> Void
    ) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(
            ServiceConfiguration(
                operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
                logger: TestServer.quietLogger, clock: clock, reports: store,
                today: ReportRoutesTests.today)
        ) { server in try await body(server) }
        await store.close()
    }

    @Test func aReportMadeInTheAreaArrivesAndNoneFromOutsideIt() async throws {
        try await Self.withServer { server in
            let client = EventStreamClient(url: server.url("/v1/reports/updates?near=52.2297,21.0122&km=5"))
            defer { client.close() }
            #expect(await client.wait(hangGuard) { $0.comments.contains("connected") }, "the stream opened")
            let far = try await Self.post(server, Self.found(latitude: 50.0647, longitude: 19.945))
            let near = try await Self.post(server, Self.found(latitude: 52.25, longitude: 21))
            #expect(await client.wait(hangGuard) { Self.alerts($0).contains { $0["id"] as? String == near } })
            let alerts = Self.alerts(client)
            #expect(!alerts.contains { $0["id"] as? String == far }, "Kraków is not within 5 km of Warsaw")
            let alert = try #require(alerts.first { $0["id"] as? String == near })
            let validator = SchemaValidator(document: OpenAPIConformanceTests.document)
            for event in client.events {
                let problems = validator.problems(
                    try JSONNode.parse(event.data), ["$ref": "#/components/schemas/ReportAlert"])
                #expect(problems.isEmpty, "\(problems)")
            }
            #expect(alert["change"] as? String == "created" && alert["kind"] as? String == "found")
            #expect(client.events.first?.name == "created")
            let meters = try #require(alert["distanceMeters"] as? Double)
            #expect(meters > 2_000 && meters < 3_000, "\(meters)")
            // Closing and removing it are alerts too.
            let closed = try await server.request(
                "DELETE", "/v1/reports/\(near)", headers: ExampleRequests.asOperator)
            #expect(closed.status == 204)
            #expect(await client.wait(hangGuard) { Self.alerts($0).contains { $0["change"] as? String == "removed" } })
        }
    }

    @Test func lastEventIDResumesAfterTheLastEventWithoutLoss() async throws {
        try await Self.withServer { server in
            let first = EventStreamClient(url: server.url("/v1/reports/updates"))
            #expect(await first.wait(hangGuard) { $0.comments.contains("connected") })
            let one = try await Self.post(server, Self.found(latitude: 52.25, longitude: 21))
            #expect(await first.wait(hangGuard) { Self.alerts($0).count == 1 })
            first.close()
            let sequence = try #require(Self.alerts(first).first?["sequence"] as? Double)
            // Two reports while nobody listens; the client comes back with the last id it had.
            let two = try await Self.post(server, Self.found(latitude: 52.26, longitude: 21))
            let three = try await Self.post(server, Self.found(latitude: 52.27, longitude: 21))
            let again = EventStreamClient(
                url: server.url("/v1/reports/updates"), headers: [("Last-Event-ID", "\(Int(sequence))")])
            defer { again.close() }
            #expect(await again.wait(hangGuard) { Self.alerts($0).count >= 2 })
            let ids = Self.alerts(again).compactMap { $0["id"] as? String }
            #expect(ids == [two, three], "after \(one): \(ids)")
        }
    }

    /// The server's one heartbeat timer, on a virtual clock moved by the test, wakes the
    /// client's loop for each `: heartbeat`, and not before its time.
    @Test func heartbeatsComeAtTheServersBeatsOnItsClock() async throws {
        let clock = VirtualClock()
        try await Self.withServer(clock: clock) { server in
            let client = EventStreamClient(url: server.url("/v1/reports/updates"))
            defer { client.close() }
            #expect(await client.wait(hangGuard) { $0.comments.contains("connected") }, "the stream opened")
            for beat in 1...2 {
                try await withDeadline(hangGuard, "the heartbeat timer") { try await clock.waitForSleepers(atLeast: 1) }
                #expect(client.comments.filter { $0 == "heartbeat" }.count == beat - 1, "no heartbeat before its time")
                await clock.advance(by: .seconds(15))
                #expect(await client.wait(hangGuard) { $0.comments.filter { $0 == "heartbeat" }.count == beat })
            }
        }
    }

    @Test func aBadAreaOrLastEventIDIsA400() async throws {
        try await Self.withServer { server in
            for (path, headers, parameter) in [
                ("/v1/reports/updates?km=5", [(String, String)](), "km"),
                ("/v1/reports/updates?near=91,0", [], "near"),
                ("/v1/reports/updates?near=52,21&km=-1", [], "km"),
                ("/v1/reports/updates", [("Last-Event-ID", "abc")], "Last-Event-ID"),
            ] {
                let answer = try await server.request("GET", path, headers: headers)
                #expect(answer.status == 400, "\(path): \(answer.body)")
                #expect(try answer.object["parameter"] as? String == parameter, "\(path)")
            }
        }
    }
}
