import Foundation
import Geodata
import LocationTestSupport
import Mail
import MailTestSupport
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// A sighting reaches the missing report's reporter by mail (issue 46 with the alerts issue):
/// one mail per sighting through the outbox, with the time, the distance from where the pet was
/// last seen and the card's link; the sighter's contact is never in it, their email only its
/// `Reply-To`. A real SQLite store and a real SMTP server.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct SightingMailTests {
    @Test func theReporterIsMailedOncePerSightingWithReplyToTheSighterAndNoContactInTheText() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = try SightingRoutesTests.configuration(store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let (id, _) = try await SightingRoutesTests.missing(server)
                let made = try await SightingRoutesTests.sight(
                    server, id,
                    SightingRoutesTests.body(
                        seenAt: "2025-11-18T09:30:00Z", extra: #","phone":"+48 600 777 888","email":"seer@example.org""#
                    ))
                #expect(made.status == 201, "\(made.body)")
                let sid = try #require(try made.object["id"] as? String)
                // The reporter's "Manage your report" mail comes first; then the sighting's.
                @Sendable func sightings() -> [ReceivedMail] {
                    ((try? smtp.kept()) ?? []).map(ReceivedMail.init).filter {
                        $0.header("Subject")?.hasPrefix("Someone saw") == true
                    }
                }
                try await waitUntil(hangGuard, "the sighting's mail") { sightings().count == 1 }
                let mail = sightings()[0]
                #expect(try smtp.kept().allSatisfy { $0.to == ["owner@example.com"] })
                #expect(mail.header("Reply-To") == "seer@example.org")
                #expect(mail.header("Subject") == "Someone saw your missing dog")
                let text = mail.text ?? ""
                #expect(text.contains("on 18 Nov 2025, 09:30 UTC, 1.7 km from where it was last seen"), "\(text)")
                #expect(text.contains("/pets/\(id)"), "\(text)")
                #expect(!text.contains("600 777") && !text.contains("seer@"), "no contact in the text: \(text)")
                #expect(try await store.outboxMail(id: "sighting.\(sid)")?.recipient == "owner@example.com")
                // A second sighting, with no contact: its own mail, no Reply-To.
                #expect(try await SightingRoutesTests.sight(server, id, SightingRoutesTests.body()).status == 201)
                try await waitUntil(hangGuard, "the second mail") { sightings().count == 2 }
                #expect(sightings().filter { $0.header("Reply-To") == nil }.count == 1)
            }
        }
        await store.close()
    }

    /// Issue 45's alerts for sightings: a confirmed subscription to missing dogs whose circle
    /// holds the place a missing dog was seen at (but not the place it was lost) gets one mail,
    /// "Missing dog seen, …", with the card's link; one to found pets only gets none.
    @Test func aSightingInsideASubscribersAreaSendsThemOneAlert() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let confirmed = Date(timeIntervalSince1970: 1_700_000_000)
        for (id, kinds) in [("sub-missing", [ReportKind.missing]), ("sub-found", [.found])] {
            try await store.addSubscription(
                Subscription(
                    id: id, email: "\(id)@example.net", center: try Coordinate(latitude: 52.2401, longitude: 21.0301),
                    radiusMeters: 500, kinds: Set(kinds), species: ["dog"], token: Subscription.newToken(),
                    createdAt: confirmed, confirmedAt: confirmed))
        }
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = try SightingRoutesTests.configuration(store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let (id, _) = try await SightingRoutesTests.missing(server)
                #expect(try await SightingRoutesTests.sight(server, id, SightingRoutesTests.body()).status == 201)
                @Sendable func alerts() -> [SMTPTestServer.Kept] {
                    ((try? smtp.kept()) ?? []).filter { $0.to.contains { $0.hasPrefix("sub-") } }
                }
                try await waitUntil(hangGuard, "the subscriber's alert") { alerts().count == 1 }
                try await AlertsByMailTests.planned(store)
                try await waitUntil(hangGuard, "every mail sent") { (try? await store.outboxSummary().queued) == 0 }
                let kept = alerts()
                #expect(kept.count == 1 && kept.first?.to == ["sub-missing@example.net"], "\(kept.map(\.to))")
                let mail = try ReceivedMail(#require(kept.first))
                #expect(
                    mail.header("Subject")?.hasPrefix("Missing dog seen, ") == true, "\(mail.header("Subject") ?? "")")
                #expect(mail.text?.contains("A missing dog was seen about") == true, "\(mail.text ?? "")")
                #expect(mail.link(startingWith: AlertsByMailTests.publicURL + "/pets/\(id)") != nil)
                #expect(mail.header("List-Unsubscribe") != nil)
            }
        }
        await store.close()
    }
}
