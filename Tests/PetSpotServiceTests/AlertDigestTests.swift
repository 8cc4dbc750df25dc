import Foundation
import Geodata
import LocationTestSupport
import Locking
import Mail
import MailTestSupport
import ReportStore
import SQLiteReportStore
import Testing

@testable import PetSpotService

/// The hourly digest of area alerts (issue 45: more than 10 in an hour to one address become one
/// mail an hour) end to end: a real server, a real SQLite store, a real SMTP server, and the
/// server's wall clock injected (`ServiceConfiguration.now`) so the hour ends without waiting.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct AlertDigestTests {
    /// 2030-01-13T08:00:00Z: the clock hour the reports are planned in.
    static let hourStart = Date(timeIntervalSince1970: 1_894_521_600)

    /// Every link in `text` that starts with `prefix`, in order.
    static func links(in text: String?, startingWith prefix: String) -> [String] {
        guard let text else { return [] }
        var links: [String] = []
        var rest = text[...]
        while let range = rest.range(of: prefix) {
            let link = rest[range.lowerBound...].prefix { !$0.isWhitespace }
            links.append(String(link))
            rest = rest[link.endIndex...]
        }
        return links
    }

    @Test func fourteenAlertsInAnHourAreTenMailsThenOneDigestOfTheOtherFourAndTheNextHourStartsFresh()
        async throws
    {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let elapsed = Locked<TimeInterval>(600)
        let now: @Sendable () -> Date = { Self.hourStart.addingTimeInterval(elapsed.withLock { $0 }) }
        let warsaw = try Coordinate(
            latitude: AlertsByMailTests.warsaw.latitude, longitude: AlertsByMailTests.warsaw.longitude)
        // Confirmed a minute before the reports are stored (the event times are the real clock's).
        let subscription = Subscription(
            email: "ann@example.org", center: warsaw, radiusMeters: 5_000, token: Subscription.newToken(),
            createdAt: Date().addingTimeInterval(-120), confirmedAt: Date().addingTimeInterval(-60))
        try await store.addSubscription(subscription)
        let stop = AlertsByMailTests.publicURL + "/subscriptions/unsubscribe?token=\(subscription.token)"
        let reports = try (1...14).map { number in
            try AlertsByMailTests.report(
                "p\(number)", .found, species: "dog", northKm: Double(number) * 0.2,
                breed: number == 13 ? "<b>Rex</b> & co" : nil)
        }
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var settings = try AlertsByMailTests.settings(smtpPort: smtp.port)
            settings.pollInterval = .milliseconds(200)
            var configuration = ServiceConfiguration(
                limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store)
            configuration.mail = settings
            configuration.now = now
            try await TestServer.with(configuration) { server in
                // Two batches: the store's count of the hour's alerts, then the batch's own.
                try await store.add(Array(reports[0..<8]))
                try await AlertsByMailTests.planned(store)
                try await store.add(Array(reports[8...]))
                try await AlertsByMailTests.planned(store)
                try await waitUntil(hangGuard, "ten alerts sent") { (try? await store.outboxSummary().sent) == 10 }
                var summary = try await store.outboxSummary()
                #expect(summary.held == 4 && summary.queued == 0 && summary.failed == 0, "\(summary)")
                let singles = try smtp.kept().map(ReceivedMail.init)
                #expect(singles.count == 10)
                #expect(singles.allSatisfy { $0.header("Message-ID")?.hasPrefix("<alert.") == true })
                let told = singles.compactMap { $0.link(startingWith: AlertsByMailTests.publicURL + "/pets/") }
                #expect(Set(told) == Set((1...10).map { AlertsByMailTests.publicURL + "/pets/p\($0)" }))

                // The hour ends: one digest of the other four.
                elapsed.withLock { $0 = 3_600 + 5 }
                try await waitUntil(hangGuard, "the digest") { ((try? smtp.kept()) ?? []).count == 11 }
                try await waitUntil(hangGuard, "the digest marked sent") {
                    (try? await store.outboxSummary().sent) == 11
                }
                let digest = ReceivedMail(try smtp.kept()[10])
                #expect(digest.header("Subject") == "4 pets reported near your areas between 08:00 and 09:00 UTC")
                #expect(digest.header("Message-ID")?.hasPrefix("<digest.1894521600.") == true)
                #expect(digest.header("List-Unsubscribe") == "<\(stop)>")
                #expect(digest.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
                #expect(digest.text?.contains("Stop these alerts: \(stop)") == true)
                let cards = Self.links(in: digest.text, startingWith: AlertsByMailTests.publicURL + "/pets/")
                #expect(cards == (11...14).map { AlertsByMailTests.publicURL + "/pets/p\($0)" })
                for card in cards {
                    #expect(try await server.request(try AlertsByMailTests.path(card)).status == 200, "\(card)")
                }
                let html = try #require(digest.html)
                #expect(html.contains("&lt;b&gt;Rex&lt;/b&gt; &amp; co") && !html.contains("<b>Rex"))
                #expect(html.components(separatedBy: "<li>").count - 1 == 4)
                #expect(html.contains("href=\"\(AlertsByMailTests.publicURL)/pets/p14\""))
                summary = try await store.outboxSummary()
                #expect(summary.held == 0 && summary.queued == 0, "\(summary)")

                // The next hour starts fresh: a new report is mailed alone at once.
                try await store.add([try AlertsByMailTests.report("p15", .found, species: "dog", northKm: 1)])
                try await AlertsByMailTests.planned(store)
                try await waitUntil(hangGuard, "the next hour's alert") { ((try? smtp.kept()) ?? []).count == 12 }
                let next = ReceivedMail(try smtp.kept()[11])
                #expect(next.header("Message-ID")?.hasPrefix("<alert.") == true)
                #expect(
                    next.link(startingWith: AlertsByMailTests.publicURL + "/pets/") == AlertsByMailTests.publicURL
                        + "/pets/p15")
                #expect(try await store.outboxSummary().held == 0)
            }
        }
        await store.close()
    }

    /// Held alerts of two subscriptions of one address: each entry carries its own stop link, the
    /// header the first's; the id depends on the alerts carried, not their order.
    @Test func aDigestOfTwoAreasGivesEachEntryItsStopLinkAndTheSameIDWhateverTheOrder() {
        func held(_ id: String, _ stop: String, at seconds: TimeInterval) -> OutboxMail {
            OutboxMail(
                id: id, recipient: "ann@example.org", subject: "Found dog, 1 km from your area's centre",
                text: "Found dog, 1 km from your area's centre\nDog\nSee the report: http://petspot.test/pets/\(id)",
                html:
                    "<strong>Found dog</strong><br>Dog &amp; co<br><a href=\"http://petspot.test/pets/\(id)\">See</a>",
                headers: AlertMails.listUnsubscribe("http://petspot.test/stop?token=\(stop)"),
                queuedAt: Self.hourStart.addingTimeInterval(seconds), state: .held)
        }
        let hour = AlertDigests.hour(of: Self.hourStart.addingTimeInterval(1_800))
        #expect(hour == Self.hourStart..<Self.hourStart.addingTimeInterval(3_600))
        let mails = [held("alert.1.a", "a", at: 60), held("alert.2.b", "b", at: 120), held("alert.3.a", "a", at: 180)]
        let end = hour.upperBound
        let digest = AlertMails.digest(of: mails, hour: hour, at: end)
        let reordered = AlertMails.digest(of: mails.reversed(), hour: hour, at: end)
        #expect(digest?.id != nil && digest?.id == reordered?.id)
        #expect(digest?.text == reordered?.text, "entries in the order they were queued")
        #expect(AlertMails.digest(of: Array(mails.prefix(2)), hour: hour, at: end)?.id != digest?.id)
        #expect(digest?.subject == "3 pets reported near your areas between 08:00 and 09:00 UTC")
        #expect(digest?.headers.first?.value == "<http://petspot.test/stop?token=a>")
        let text = digest?.text ?? ""
        #expect(
            text.components(separatedBy: "Stop the alerts of this area: http://petspot.test/stop?token=").count == 4)
        #expect(text.contains("Stop the alerts of this area: http://petspot.test/stop?token=b"))
        #expect(digest?.html?.contains("Dog &amp; co") == true)
        #expect(digest?.state == .queued && digest?.queuedAt == end)
        #expect(AlertMails.digest(of: [], hour: hour, at: end) == nil)
    }
}

extension AlertDigestTests {
    /// An address that unsubscribes (one click in a single alert) while alerts are held for its
    /// hour's digest gets no digest: the held alerts are released with nothing mailed.
    @Test func heldAlertsOfAnAddressThatUnsubscribedAreNeverMailed() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let elapsed = Locked<TimeInterval>(600)
        let now: @Sendable () -> Date = { Self.hourStart.addingTimeInterval(elapsed.withLock { $0 }) }
        let subscription = Subscription(
            email: "bob@example.org",
            center: try Coordinate(
                latitude: AlertsByMailTests.warsaw.latitude, longitude: AlertsByMailTests.warsaw.longitude),
            radiusMeters: 5_000, token: Subscription.newToken(), createdAt: Date().addingTimeInterval(-120),
            confirmedAt: Date().addingTimeInterval(-60))
        try await store.addSubscription(subscription)
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var settings = try AlertsByMailTests.settings(smtpPort: smtp.port)
            settings.pollInterval = .milliseconds(200)
            var configuration = ServiceConfiguration(
                limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store)
            configuration.mail = settings
            configuration.now = now
            try await TestServer.with(configuration) { server in
                try await store.add(
                    try (1...12).map {
                        try AlertsByMailTests.report("q\($0)", .found, species: "dog", northKm: Double($0) * 0.2)
                    })
                try await AlertsByMailTests.planned(store)
                try await waitUntil(hangGuard, "ten alerts sent") { (try? await store.outboxSummary().sent) == 10 }
                #expect(try await store.outboxSummary().held == 2)
                let single = ReceivedMail(try smtp.kept()[0])
                let stop = try #require(
                    single.link(startingWith: AlertsByMailTests.publicURL + "/subscriptions/unsubscribe?token="))
                let unsubscribed = try await server.request(
                    "POST", try AlertsByMailTests.path(stop),
                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("List-Unsubscribe=One-Click".utf8))
                #expect(unsubscribed.status == 200)

                elapsed.withLock { $0 = 3_600 + 5 }
                try await waitUntil(hangGuard, "the held alerts released") {
                    (try? await store.outboxSummary().held) == 0
                }
                let summary = try await store.outboxSummary()
                #expect(summary.queued == 0 && summary.sent == 10, "\(summary)")
                #expect(try smtp.kept().count == 10, "no digest")
                #expect(try await store.outboxMail(id: "alert.11.\(subscription.id)")?.state == .digested)
            }
        }
        await store.close()
    }
}
