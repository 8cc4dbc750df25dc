import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import Mail
import MailTestSupport
import PetSpotService
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// Area alerts by mail (issue 45) end to end: a real server, a real SQLite store and a real SMTP
/// server (python3-aiosmtpd) that keeps what it is sent. Subscribe → the confirmation mail → its
/// page's button → a report inside the area → one mail; a report outside, of another species or
/// kind, or made before the confirmation → none; one-click unsubscribe → no more.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct AlertsByMailTests {
    static let warsaw = (latitude: 52.2297, longitude: 21.0122)
    static let publicURL = "http://petspot.test"

    static func settings(smtpPort: Int, backoff: TimeInterval = 60) throws -> MailSettings {
        MailSettings(
            server: try SMTPServer(url: "smtp://127.0.0.1:\(smtpPort)"), from: try MailAddress("alerts@petspot.test"),
            publicURL: try PublicURL(publicURL), longestBackoff: backoff)
    }

    static func report(
        _ id: String, _ kind: ReportKind, species: String, northKm: Double, breed: String? = nil
    ) throws -> PetReport {
        var report = PetReport(id: id, kind: kind)
        // About 111.2 km a degree of latitude.
        report.coordinate = try Coordinate(latitude: warsaw.latitude + northKm / 111.2, longitude: warsaw.longitude)
        if kind == .missing { report.radius = try SearchRadius(kilometers: 2) }
        report.species = species
        report.breed = breed
        return report
    }

    /// The path and query of `link` under the public URL, to ask the test's server.
    static func path(_ link: String) throws -> String {
        try #require(link.hasPrefix(publicURL) ? String(link.dropFirst(publicURL.count)) : nil)
    }

    /// Waits until the mail planner has read every event of `store`.
    static func planned(_ store: any ReportStore) async throws {
        try await waitUntil(hangGuard, "the alerts planned") {
            guard let cursor = try? await store.mailCursor(), let latest = try? await store.latestEventSequence()
            else { return false }
            return cursor == latest
        }
    }

    @Test func aConfirmedSubscriptionIsMailedOnceForAReportInsideItsAreaAndForNothingElse() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
            configuration.mail = try Self.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let body =
                    #"{"email":"ann@example.org","near":"52.2297,21.0122","km":5,"kinds":["found"],"species":["dog"]}"#
                let answer = try await server.request(
                    "POST", "/v1/subscriptions", headers: [("Content-Type", "application/json")], body: Array(body.utf8)
                )
                #expect(answer.status == 202)
                try await waitUntil(hangGuard, "the confirmation mail") { ((try? smtp.kept()) ?? []).count == 1 }
                let confirmation = ReceivedMail(try smtp.kept()[0])
                #expect(confirmation.header("Subject") == "Confirm your PetSpot alerts")
                #expect(confirmation.header("List-Unsubscribe") == nil, "transactional")
                let link = try #require(
                    confirmation.link(startingWith: Self.publicURL + "/subscriptions/confirm?token="))
                let token = String(link.split(separator: "=").last ?? "")

                // Before the confirmation: stored, never mailed.
                try await store.add([try Self.report("before", .found, species: "dog", northKm: 1)])
                // The link's page only shows a button; a GET confirms nothing.
                let page = try await server.request(try Self.path(link))
                #expect(page.status == 200)
                #expect(page.body.contains(#"<form method="post" action="/subscriptions/confirm">"#))
                #expect(page.body.contains(token))
                try await Self.planned(store)
                #expect(
                    try await store.confirmedSubscriptions(covering: Coordinate(latitude: 52.2297, longitude: 21.0122))
                        .isEmpty)
                let confirmed = try await server.request(
                    "POST", "/subscriptions/confirm", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("token=\(token)".utf8))
                #expect(confirmed.status == 200)
                #expect(confirmed.body.contains("Alerts on"))

                try await store.add([
                    try Self.report("outside", .found, species: "dog", northKm: 8),
                    try Self.report("a-cat", .found, species: "cat", northKm: 1),
                    try Self.report("a-missing-dog", .missing, species: "dog", northKm: 1),
                    try Self.report(
                        "inside", .found, species: "dog", northKm: 1.2, breed: "<b>Rex</b>\r\nBcc: x@evil.test"),
                ])
                try await waitUntil(hangGuard, "the alert") { ((try? smtp.kept()) ?? []).count == 2 }
                try await Self.planned(store)
                try await waitUntil(hangGuard, "the alert marked sent") { (try? await store.outboxSummary().sent) == 2 }
                let summary = try await store.outboxSummary()
                #expect(summary.queued == 0 && summary.failed == 0, "one alert, nothing else queued")
                #expect(try smtp.kept().count == 2)
                let kept = try smtp.kept()[1]
                #expect(kept.to == ["ann@example.org"])
                let alert = ReceivedMail(kept)
                #expect(alert.header("Subject") == "Found dog, 1.2 km from your area's centre")
                let stop = try #require(alert.link(startingWith: Self.publicURL + "/subscriptions/unsubscribe?token="))
                #expect(alert.header("List-Unsubscribe") == "<\(stop)>")
                #expect(alert.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
                #expect(alert.header("Message-ID")?.hasPrefix("<alert.") == true)
                #expect(alert.header("Message-ID")?.hasSuffix("@petspot.test>") == true)
                #expect(alert.header("Date") != nil)
                #expect(alert.headers(named: "Bcc").isEmpty)
                let html = try #require(alert.html)
                #expect(html.contains("&lt;b&gt;Rex&lt;/b&gt;") && !html.contains("<b>Rex"))
                // Where, as the card names a place nobody named: its nearest town.
                #expect(alert.text?.contains("near Warsaw") == true, "\(alert.text ?? "")")
                let card = try #require(alert.link(startingWith: Self.publicURL + "/pets/"))
                #expect(card == Self.publicURL + "/pets/inside")
                #expect(try await server.request(try Self.path(card)).status == 200)

                // One click (RFC 8058): no login, 200, and no more mails.
                let unsubscribed = try await server.request(
                    "POST", try Self.path(stop), headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("List-Unsubscribe=One-Click".utf8))
                #expect(unsubscribed.status == 200)
                try await store.add([try Self.report("after", .found, species: "dog", northKm: 1)])
                try await Self.planned(store)
                #expect(try await store.outboxSummary().sent + (try await store.outboxSummary().queued) == 2)
            }
        }
        await store.close()
    }

    @Test func subscribingAnswersTheSameForANewAndAKnownAddressAndMailsOneConfirmationInTenMinutes() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
            configuration.mail = try Self.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let body = Array(#"{"email":"bob@example.org","near":"52.2297,21.0122","km":2}"#.utf8)
                let first = try await server.request(
                    "POST", "/v1/subscriptions", headers: [("Content-Type", "application/json")], body: body)
                let second = try await server.request(
                    "POST", "/v1/subscriptions", headers: [("Content-Type", "application/json")], body: body)
                #expect(first.status == 202 && second.status == 202)
                #expect(first.body == second.body)
                try await waitUntil(hangGuard, "the confirmation") { ((try? smtp.kept()) ?? []).count >= 1 }
                #expect(try await store.subscriptions(email: "bob@example.org").count == 1)
                #expect(try await store.outboxSummary().queued + (try await store.outboxSummary().sent) == 1)
                for bad in [
                    #"{"email":"not an address","near":"52.2297,21.0122","km":2}"#,
                    #"{"email":"bob@example.org","near":"95,21","km":2}"#,
                    #"{"email":"bob@example.org","near":"52.2297,21.0122","km":500}"#,
                    #"{"email":"bob@example.org","near":"52.2297,21.0122","km":2,"species":["dragon"]}"#,
                    #"{"email":"bob@example.org","near":"52.2297,21.0122","km":2,"extra":1}"#,
                ] {
                    let answer = try await server.request(
                        "POST", "/v1/subscriptions", headers: [("Content-Type", "application/json")],
                        body: Array(bad.utf8))
                    #expect(answer.status == 400, "\(bad)")
                    #expect(answer.header("Content-Type") == "application/problem+json")
                }
            }
        }
        await store.close()
    }

    @Test func withoutMailSettingsSubscribingAnswers503() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(ServiceConfiguration(logger: TestServer.quietLogger, reports: store)) { server in
            let answer = try await server.request(
                "POST", "/v1/subscriptions", headers: [("Content-Type", "application/json")],
                body: Array(#"{"email":"bob@example.org","near":"52.2297,21.0122","km":2}"#.utf8))
            #expect(answer.status == 503)
            #expect(answer.body.contains("--smtp"))
        }
        await store.close()
    }

    /// A report with a kept photo has its photo's link in its alert (under the public URL, the
    /// route that serves it); one without has none.
    @Test func anAlertLinksTheReportsPhotoWhenItHasOne() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let confirmed = Date().addingTimeInterval(-60)
        try await store.addSubscription(
            Subscription(
                id: "sub-photo", email: "ann@example.org",
                center: try Coordinate(latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude),
                radiusMeters: 5_000, kinds: [.found], species: ["dog"], token: Subscription.newToken(),
                createdAt: confirmed, confirmedAt: confirmed))
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
            configuration.mail = try Self.settings(smtpPort: smtp.port)
            configuration.photos = StoreKeptPhotos(keptBy: store)
            try await TestServer.with(configuration) { server in
                let photo = StoredPhoto(bytes: Data([0xFF, 0xD8, 0xFF, 0xD9]), mediaType: "image/jpeg", tag: "t-1")
                try await store.add(try Self.report("with-photo", .found, species: "dog", northKm: 1), photo: photo)
                try await waitUntil(hangGuard, "the first alert") { ((try? smtp.kept()) ?? []).count == 1 }
                try await store.add([try Self.report("no-photo", .found, species: "dog", northKm: 1)])
                try await waitUntil(hangGuard, "the second alert") { ((try? smtp.kept()) ?? []).count == 2 }
                let mails = try smtp.kept().map(ReceivedMail.init)
                let link = try #require(mails[0].link(startingWith: Self.publicURL + "/v1/reports/with-photo/photo"))
                #expect(mails[0].html?.contains(#"<a href="\#(link)">its photo</a>"#) == true)
                let served = try await server.request(try Self.path(link))
                #expect(served.status == 200)
                #expect(mails[1].link(startingWith: Self.publicURL + "/v1/reports/") == nil, "\(mails[1].text ?? "")")
            }
        }
        await store.close()
    }
}
