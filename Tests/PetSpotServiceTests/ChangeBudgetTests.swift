import Foundation
import Location
import PetSpotService
import Reports
import SQLiteReportStore
import Testing

/// The per-client change budget through a live server (issue 43): Submit report counts like
/// every other change, and the IPv4 clients of a server on `::` each have their own bucket.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ChangeBudgetTests {
    /// A Found flow's Submit report, valid, with its photo.
    static let submit = """
        {"action": "continue",
         "values": {"phone": "+48 123 456 789", "email": "finder@example.com"},
         "earlierSteps": {"petDetails": {"lastSeenDate": "2025-11-17", "species": "cat", "gender": "MALE",
                          "locationLatitude": "52.2297", "locationLongitude": "21.0122"}},
         \(ReportStepsAPITests.photo)}
        """

    @Test func submitReportIsCountedAgainstTheClientsChangeBudget() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        // The clock never moves: no token comes back while the test runs.
        let configuration = ServiceConfiguration(
            limits: ServiceLimits(changeRate: RateLimit(perMinute: 6, burst: 5)), logger: TestServer.quietLogger,
            clock: VirtualClock(), reports: store, photos: InMemoryReportPhotos(), today: ReportRoutesTests.today)
        try await TestServer.with(configuration) { server in
            var statuses: [Int] = []
            for _ in 0..<8 {
                let answer = try await server.request(
                    "POST", "/v1/report-steps/found/contactInfo", headers: ReportRoutesTests.json,
                    body: Array(Self.submit.utf8))
                statuses.append(answer.status)
                if answer.status == 429 {
                    #expect(try answer.object["reason"] as? String == "rateLimited")
                    #expect(answer.header("retry-after") != nil)
                }
            }
            #expect(statuses == [200, 200, 200, 200, 200, 429, 429, 429], "\(statuses)")
            // A step's check stores nothing and is never counted.
            let check = try await server.request(
                "POST", "/v1/report-steps/found/petDetails", headers: ReportRoutesTests.json,
                body: Array(#"{"action": "edit", "values": {"species": "cat"}}"#.utf8))
            #expect(check.status == 200, "\(check.body)")
        }
        #expect(try await store.count() == 5)
        await store.close()
    }

    @Test func ipv4ClientsOfAServerOnAllFamiliesHaveBucketsOfTheirOwn() async throws {
        let configuration = ServiceConfiguration(
            host: "::", limits: ServiceLimits(changeRate: RateLimit(perMinute: 1, burst: 1)),
            logger: TestServer.quietLogger, clock: VirtualClock())
        try await TestServer.with(configuration) { server in
            func post(from source: String) async throws -> String {
                let connection = try RawConnection(port: server.port, from: source)
                try await connection.send(
                    "POST /v1/reports/missing HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 2\r\nConnection: close\r\n\r\n{}")
                return try await connection.readResponse(within: 30)
            }
            // An empty report: one that passes the budget is a 422, one past it a 429.
            #expect(try await post(from: "127.0.0.2").hasPrefix("HTTP/1.1 422"))
            #expect(try await post(from: "127.0.0.2").hasPrefix("HTTP/1.1 429"))
            let other = try await post(from: "127.0.0.3")
            #expect(other.hasPrefix("HTTP/1.1 422"), "another IPv4 client is not in the first one's bucket: \(other)")
        }
    }
}
