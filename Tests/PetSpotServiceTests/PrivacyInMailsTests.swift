import Foundation
import Geodata
import LocationTestSupport
import MailTestSupport
import PetSpotService
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import SQLiteReportStore
import Testing

/// Issue 47's privacy suite for mails: what a stranger is mailed — an area alert, a match
/// mail — tells no more than the public card. A real server, SQLite or PostgreSQL store and
/// SMTP server; a found report (with its finder's phone, email and the caregiver's address) and
/// then a missing one from the owner's front door are made through the API, and every mail that goes out is
/// read as received: none carries the missing report's exact place (to 4 decimals), and none
/// carries a contact of anyone but its own recipient.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct PrivacyInMailsTests {
    static let json = [("Content-Type", "application/json")]
    /// Each reporter's contacts: no mail to anyone else may hold one.
    static let contacts = [
        "owner@example.com": ["o@example.com", "+48600100200", "600100200"],
        "finder@example.org": ["finder@example.org", "+48123456789", "123456789", "+48777888999", "Prosta 5/12"],
    ]

    static let foundBody = Array(
        #"{"lastSeenDate":"2025-11-18","species":"DOG","gender":"FEMALE","locationLatitude":52.24,"locationLongitude":21.02,"phone":"+48123456789","email":"finder@example.org","currentAddress":"ul. Prosta 5/12, Warszawa","caregiverPhone":"+48777888999"}"#
            .utf8)

    @Test func noMailToAStrangerCarriesAMissingPetsExactPlaceOrSomeoneElsesContact() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await Self.check(store, folder: folder)
        await store.close()
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func onPostgresNoMailToAStrangerCarriesThemEither() async throws {
        let folder = try TemporaryStoreFolder()
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            try await PostgresReportStore.withStore(address) { store in try await Self.check(store, folder: folder) }
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    /// Makes the reports through a server on `store` and reads every mail that went out.
    static func check(_ store: any ReportStore, folder: TemporaryStoreFolder) async throws {
        // A neighbour's confirmed subscription, its centre 2.5 km from the owner's door.
        let subscribed = Date().addingTimeInterval(-60)
        try await store.addSubscription(
            Subscription(
                id: "sub-neighbour", email: "neighbour@example.net",
                center: try Coordinate(latitude: 52.25, longitude: 21.0), radiusMeters: 10_000,
                kinds: [.found, .missing],
                species: ["dog"], token: Subscription.newToken(), createdAt: subscribed, confirmedAt: subscribed))
        let mails = try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = try PublicLocationRouteTests.configuration(store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let found = try await server.request(
                    "POST", "/v1/reports/found", headers: Self.json, body: Self.foundBody)
                #expect(found.status == 201, "\(found.body)")
                // Planned before the missing report exists: only its finder is told of the match.
                try await AlertsByMailTests.planned(store)
                let home = PublicLocationRouteTests.home
                let missing = try await server.request(
                    "POST", "/v1/reports/missing", headers: Self.json,
                    body: PublicLocationRouteTests.missingBody(latitude: home.latitude, longitude: home.longitude))
                #expect(missing.status == 201, "\(missing.body)")
                try await AlertsByMailTests.planned(store)
                try await waitUntil(hangGuard, "every mail sent") {
                    guard let summary = try? await store.outboxSummary() else { return false }
                    return summary.queued == 0 && summary.sent > 0 && ((try? smtp.kept()) ?? []).count == summary.sent
                }
            }
            return try smtp.kept()
        }
        let subjects = mails.map { ReceivedMail($0).header("Subject") ?? "" }
        // Both area alerts, the finder's match mail, and the two manage links.
        #expect(mails.filter { $0.to == ["neighbour@example.net"] }.count == 2, "\(subjects)")
        #expect(subjects.contains { $0.hasPrefix("A missing dog matching the dog you found") }, "\(subjects)")
        #expect(mails.filter { $0.to == ["o@example.com"] }.count == 1, "the owner's manage link: \(subjects)")
        for kept in mails {
            let mail = ReceivedMail(kept)
            let read = mail.headers.map(\.value).joined(separator: "\n") + "\n\(mail.text ?? "")\n\(mail.html ?? "")"
            let recipient = kept.to.joined()
            let about = "the mail \"\(mail.header("Subject") ?? "")\" to \(recipient)"
            if recipient != "o@example.com" {
                for text in PublicLocationRouteTests.exactTexts {
                    #expect(!read.contains(text), "\(about) shows the owner's door (\(text)):\n\(read)")
                }
            }
            for (owner, theirs) in Self.contacts where theirs.first != recipient {
                for text in theirs { #expect(!read.contains(text), "\(about) shows \(owner)'s \(text):\n\(read)") }
            }
        }
    }
}
