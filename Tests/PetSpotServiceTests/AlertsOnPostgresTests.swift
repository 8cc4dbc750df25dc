import Foundation
import Geodata
import LocationTestSupport
import MailTestSupport
import ReportStore
import ReportStoreOpener
import ReportStoreTestSupport
import Testing

/// Two `petspot serve` on one PostgreSQL + PostGIS, both sending mail to one SMTP server (issue
/// 45): reports written through both stores at once are each mailed once to the subscriber —
/// both servers plan every event, the outbox keeps one mail per (event, subscription), and each
/// mail is claimed by one server. Counted at the SMTP server. The subscriber's first 10 or so
/// alerts of the hour go alone; the rest are held for the hour's digest (`AlertDigests`: two
/// planners at once may let a few more or fewer go alone), each once.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AlertsOnPostgresTests {
    static let reports = 40

    @Test(.enabled(if: PostgresServer.shouldRun && SMTPTestServer.shouldRun))
    func twoServersOnOnePostgresMailEachAlertOnce() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let url = "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)"
            let storeURL = try StoreURL(parsing: url)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-pg-mail-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await SMTPTestServer.with([], in: folder) { smtp in
                let arguments = [
                    "--store", url, "--rate-limit", "0", "--log-level", "error", "--smtp",
                    "smtp://127.0.0.1:\(smtp.port)", "--mail-from", "alerts@petspot.test", "--public-url",
                    "http://petspot.test",
                ]
                let serverA = try ServeCommandTests.Server(arguments)
                defer { serverA.stop() }
                let serverB = try ServeCommandTests.Server(arguments)
                defer { serverB.stop() }
                _ = try #require(await serverA.port(), "\(serverA.output)")
                _ = try #require(await serverB.port(), "\(serverB.output)")
                let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
                try await ReportStoreOpener.withStore(storeURL) { first in
                    try await first.addSubscription(
                        Subscription(
                            email: "ann@example.org", center: warsaw, radiusMeters: 5_000,
                            token: Subscription.newToken(),
                            createdAt: Date().addingTimeInterval(-60), confirmedAt: Date().addingTimeInterval(-30)))
                    try await ReportStoreOpener.withStore(storeURL) { second in
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            for writer in 0..<2 {
                                let store = writer == 0 ? first : second
                                group.addTask {
                                    for index in stride(from: writer, to: Self.reports, by: 2) {
                                        var report = PetReport(id: "found-\(index)", kind: .found)
                                        report.coordinate = try Coordinate(
                                            latitude: 52.2297 + Double(index) * 0.0005, longitude: 21.0122)
                                        report.species = "dog"
                                        try await store.add([report])
                                    }
                                }
                            }
                            try await group.waitForAll()
                        }
                    }
                    try await waitUntil(hangGuard, "every alert sent or held") {
                        guard let summary = try? await first.outboxSummary() else { return false }
                        return summary.sent + summary.held == Self.reports && summary.queued == 0
                    }
                    let summary = try await first.outboxSummary()
                    #expect(summary.failed == 0)
                    #expect(summary.held >= Self.reports / 2, "past the hourly limit: held for the digest")
                    let kept = try smtp.kept().map(ReceivedMail.init)
                    #expect(kept.count == summary.sent, "each alert once")
                    let ids = Set(kept.compactMap { $0.header("Message-ID") })
                    #expect(ids.count == kept.count)
                    #expect(ids.allSatisfy { $0.hasPrefix("<alert.") })
                }
            }
            await database.stop()
        } catch {
            await database.stop()
            throw error
        }
    }
}
