import Foundation
import Geodata
import Geodesy
import Location
import LocationTestSupport
import PetSpotService
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// Reports that end (issue 47 item 6): an open report older than its kind's lifetime is closed
/// by the server's sweep — at start, then every hour on the injected clock (a `VirtualClock`:
/// nothing sleeps for real) — through the store's `setStatus`, so its close is in the event log;
/// a younger report, a renewed one and a closed one are left as they are. The owner or the
/// operator renews a report over HTTP; the nearest list says how old each report is.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportExpiryTests {
    /// A report of `kind` renewed `age` before `now`.
    static func report(
        _ id: String, _ kind: ReportKind, _ status: ReportStatus? = nil, age: TimeInterval, before now: Date
    ) -> PetReport {
        var report = PetReport(id: id, kind: kind, status: status)
        report.renewedAt = ReportTimestamp.text(now.addingTimeInterval(-age))
        return report
    }

    static let day: TimeInterval = 86_400

    @Test func aReportOlderThanItsLifetimeClosesAtTheSweepAndAYoungerOrRenewedOneDoesNot() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let start = Date()
        let clock = VirtualClock()
        // The wall clock follows the virtual one: an hour on it is an hour older for every report.
        let now: @Sendable () -> Date = { start.addingTimeInterval(Double(clock.now.offset.components.seconds)) }
        try await store.add([
            Self.report("old-missing", .missing, age: 91 * Self.day, before: start),
            Self.report("due-in-half-an-hour", .missing, age: 90 * Self.day - 1800, before: start),
            Self.report("young-missing", .missing, age: 10 * Self.day, before: start),
            Self.report("renewed-missing", .missing, age: 200 * Self.day, before: start),
            Self.report("old-found", .found, age: 31 * Self.day, before: start),
            Self.report("young-found", .found, age: 29 * Self.day, before: start),
            Self.report("old-closed", .missing, .closed, age: 400 * Self.day, before: start),
        ])
        _ = try await store.renew(id: "renewed-missing")
        let before = try await store.latestEventSequence()
        let expiry = ReportExpiry(
            store: store, lifetimes: ReportLifetimes(missingDays: 90, foundDays: 30), clock: clock, now: now,
            logger: TestServer.quietLogger)
        let running = Task { await expiry.run() }

        // The sweep at start, then the service sleeps an hour on the virtual clock.
        try await withDeadline(hangGuard, "the first sweep") { try await clock.waitForSleepers(atLeast: 1) }
        #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(3600)), "the next sweep in an hour")
        let status = { (id: String) in try await store.report(id: id).status }
        #expect(try await status("old-missing") == .closed)
        #expect(try await status("old-found") == .closed)
        for id in ["due-in-half-an-hour", "young-missing", "renewed-missing"] {
            #expect(try await status(id) == .active, "\(id) stays open")
        }
        #expect(try await status("young-found") == .found)
        let events = try await store.events(after: before, limit: 10)
        #expect(events.map(\.reportID) == ["old-missing", "old-found"], "each close is an event, as any close")
        #expect(events.allSatisfy { $0.change == .changed && $0.status == .closed })

        // An hour later the report that was half an hour short of its lifetime has outlived it.
        await clock.advance(by: .seconds(3600))
        try await withDeadline(hangGuard, "the second sweep") { try await clock.waitForSleepers(atLeast: 1) }
        #expect(try await status("due-in-half-an-hour") == .closed)
        #expect(try await status("young-missing") == .active)
        #expect(try await store.events(after: before, limit: 10).map(\.reportID).last == "due-in-half-an-hour")
        #expect(try await status("old-closed") == .closed)

        running.cancel()
        await running.value
        await store.close()
    }

    @Test func aServerWithLifetimesClosesAnExpiredReportAtStart() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.add([
            Self.report("stale", .missing, age: 8 * Self.day, before: Date()),
            Self.report("fresh", .missing, age: 6 * Self.day, before: Date()),
        ])
        try await TestServer.with(
            ServiceConfiguration(
                logger: TestServer.quietLogger, clock: VirtualClock(), reports: store,
                reportLifetimes: ReportLifetimes(missingDays: 7, foundDays: 7))
        ) { server in
            try await waitUntil(hangGuard, "the sweep at start") {
                (try? await store.report(id: "stale").status) == .closed
            }
            let fresh = try await server.request("/v1/reports/fresh").object
            #expect(fresh["status"] as? String == "ACTIVE")
        }
        await store.close()
    }

    @Test func theOwnerOrTheOperatorRenewsAReportAndAStrangerCannot() async throws {
        try await ReportOwnersTests.withServer { server, store in
            let (id, token) = try await ReportOwnersTests.create(server, "missing")
            var old = try await store.report(id: id)
            let made = try #require(old.renewedAt.flatMap(ReportTimestamp.date))
            #expect(abs(made.timeIntervalSinceNow) < 600, "a report made over HTTP is renewed at its making")
            // Made long ago (the store's own words), so that a renewal shows.
            try await store.remove(id: id)
            old.renewedAt = "2020-01-01T00:00:00.000Z"
            try await store.add([old])

            let anonymous = try await server.request("POST", "/v1/reports/\(id)/renew")
            #expect(anonymous.status == 401)
            let stranger = try await server.request(
                "POST", "/v1/reports/\(id)/renew", headers: ReportOwnersTests.asStranger)
            #expect(stranger.status == 403)
            #expect(try await store.report(id: id).renewedAt == "2020-01-01T00:00:00.000Z", "nothing changed")

            let owner = try await server.request(
                "POST", "/v1/reports/\(id)/renew", headers: ReportOwnersTests.bearer(token))
            #expect(owner.status == 200, "\(owner.body)")
            let renewed = try #require(try owner.object["renewedAt"] as? String)
            #expect(renewed > "2020-01-01T00:00:00.000Z")
            #expect(try await store.report(id: id).renewedAt == renewed)
            #expect(try owner.object["phone"] != nil, "the owner's view, as PATCH answers")

            let byOperator = try await server.request(
                "POST", "/v1/reports/\(id)/renew", headers: ReportOwnersTests.asOperator)
            #expect(byOperator.status == 200)
            #expect(try await store.report(id: id).status == .active, "renewing leaves the status")
            #expect(
                try await server.request("POST", "/v1/reports/none/renew", headers: ReportOwnersTests.asOperator)
                    .status == 404)
        }
    }

    @Test(arguments: [
        ("2025-11-18T23:59:59.000Z", "reported today"), ("2025-11-18T00:00:00.000Z", "reported today"),
        ("2025-11-17T12:00:00.000Z", "reported yesterday"), ("2025-11-15T09:00:00.000Z", "reported 3 days ago"),
        ("2025-08-20T09:00:00.000Z", "reported 90 days ago"), ("2025-11-20T09:00:00.000Z", "reported today"),
    ])
    func aReportsAgeIsSaidInDays(renewedAt: String, text: String) throws {
        let today = try CalendarDay(year: 2025, month: 11, day: 18)
        #expect(ReportAge.text(renewedAt: renewedAt, today: today) == text)
    }

    @Test func theNearestListSaysHowOldEachReportIs() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        var threeDays = try PetReport.missing(
            id: "aged-3", coordinate: try .init(latitude: 52.2297, longitude: 21.0122),
            radius: try .init(kilometers: 5))
        threeDays.renewedAt = "2025-11-15T09:00:00.000Z"
        var today = PetReport(id: "aged-0", kind: .found)
        today.coordinate = try .init(latitude: 52.24, longitude: 21.0122)
        today.renewedAt = "2025-11-18T08:00:00.000Z"
        try await store.add([threeDays, today])
        try await TestServer.with(
            ServiceConfiguration(logger: TestServer.quietLogger, reports: store, today: ReportRoutesTests.today)
        ) { server in
            let answer = try await server.request("/v1/reports?near=52.2297,21.0122")
            #expect(answer.status == 200, "\(answer.body)")
            let reports = try #require(try answer.object["reports"] as? [[String: Any]])
            let ages = reports.map { ($0["id"] as? String ?? "", ($0["card"] as? [String: Any])?["age"] as? String) }
            #expect(ages.map(\.0) == ["aged-3", "aged-0"])
            #expect(ages.map(\.1) == ["reported 3 days ago", "reported today"])
        }
        await store.close()
    }
}
