import Foundation
import Location
import LocationTestSupport
import MailTestSupport
import ReportStore
import SQLiteReportStore
import Testing

@testable import PetSpotService

/// "Still looking?" (issue 47 item 6): 7 days before an open report would close by age, its
/// reporter gets one mail per renewal period with a one-click renew; the link renews the report
/// once and then stops working. The sweep runs on a `VirtualClock` (nothing sleeps for real);
/// the mails go through a real SMTP server.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct RenewalReminderTests {
    static let day: TimeInterval = 86_400

    /// A report of `kind` (a dog) renewed `age` before `now`, with `email` and an owner token.
    static func report(
        _ id: String, _ kind: ReportKind, age: TimeInterval, before now: Date, email: String?, owned: Bool = true
    ) -> PetReport {
        var report = PetReport(id: id, kind: kind)
        report.species = "DOG"
        report.email = email
        report.ownerTokenHash = owned ? String(repeating: "ab", count: 32) : nil
        report.renewedAt = ReportTimestamp.text(now.addingTimeInterval(-age))
        return report
    }

    @Test func aReportSevenDaysFromClosingGetsOneMailWhoseLinkRenewsItOnce() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let start = Date()
        let clock = VirtualClock()
        let now: @Sendable () -> Date = { start.addingTimeInterval(Double(clock.now.offset.components.seconds)) }
        try await store.add([
            Self.report("looking", .missing, age: 85 * Self.day, before: start, email: "owner@example.org"),
            Self.report("not-yet", .missing, age: 80 * Self.day, before: start, email: "early@example.org"),
            Self.report("no-email", .missing, age: 85 * Self.day, before: start, email: nil),
            Self.report(
                "no-owner", .missing, age: 85 * Self.day, before: start, email: "nobody@example.org", owned: false),
            Self.report("cared-for", .found, age: 25 * Self.day, before: start, email: "finder@example.org"),
        ])
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var fastPoll = try AlertsByMailTests.settings(smtpPort: smtp.port)
            fastPoll.pollInterval = .milliseconds(200)
            let settings = fastPoll
            var configuration = ServiceConfiguration(
                limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store)
            configuration.mail = settings
            try await TestServer.with(configuration) { server in
                let expiry = ReportExpiry(
                    store: store, lifetimes: ReportLifetimes(missingDays: 90, foundDays: 30), clock: clock, now: now,
                    logger: TestServer.quietLogger,
                    reminder: RenewalReminder(
                        store: store, settings: settings, courier: nil, logger: TestServer.quietLogger))
                let running = Task { await expiry.run() }

                // The sweep at start queues two mails; the server's courier sends them.
                try await withDeadline(hangGuard, "the first sweep") { try await clock.waitForSleepers(atLeast: 1) }
                try await waitUntil(hangGuard, "two mails") { ((try? smtp.kept()) ?? []).count == 2 }
                try await waitUntil(hangGuard, "marked sent") { (try? await store.outboxSummary().sent) == 2 }
                let mails = try smtp.kept()
                let looking = try #require(mails.first { $0.to == ["owner@example.org"] }.map(ReceivedMail.init))
                let found = try #require(mails.first { $0.to == ["finder@example.org"] }.map(ReceivedMail.init))
                #expect(looking.header("Subject") == "Still looking for your dog? Your report closes in 7 days")
                #expect(found.header("Subject") == "Still caring for the dog you found? Your report closes in 7 days")
                #expect(looking.link(startingWith: "\(AlertsByMailTests.publicURL)/pets/looking") != nil)
                let prefix = "\(AlertsByMailTests.publicURL)/reports/looking/renew?token="
                let link = try #require(looking.link(startingWith: prefix))
                #expect(looking.html?.contains("Keep your report open") == true)

                // An hour later the sweep finds the same renewal period: nothing new.
                await clock.advance(by: .seconds(3600))
                try await withDeadline(hangGuard, "the second sweep") { try await clock.waitForSleepers(atLeast: 1) }
                let summary = try await store.outboxSummary()
                #expect(summary.queued + summary.sent + summary.failed == 2, "one mail per renewal period")
                running.cancel()
                await running.value

                // The link: a page with one button, whose POST renews the report once.
                let path = String(link.dropFirst(AlertsByMailTests.publicURL.count))
                let page = try await server.request(path)
                #expect(page.status == 200)
                #expect(page.body.contains("Keep your report open"))
                let before = try await store.report(id: "looking").renewedAt
                let token = String(link.dropFirst(prefix.count))
                let form = [("Content-Type", "application/x-www-form-urlencoded")]
                let renewed = try await server.request(
                    "POST", "/reports/looking/renew", headers: form, body: Array("token=\(token)".utf8))
                #expect(renewed.status == 200, "\(renewed.body)")
                #expect(renewed.body.contains("Your report stays open for another 90 days"))
                #expect(try await store.report(id: "looking").renewedAt != before)
                let again = try await server.request(
                    "POST", "/reports/looking/renew", headers: form, body: Array("token=\(token)".utf8))
                #expect(again.status == 404, "the link stops working once the report was renewed")
            }
        }
        await store.close()
    }
}
