import Foundation
import Geodata
import LocationTestSupport
import ReportStore
import SQLiteReportStore
import Testing

/// `petspot reports forget EMAIL` and alerts by mail (issue 47, item 7): the address's alerts
/// subscriptions and every mail of the outbox to it or answering to it (`Reply-To`), sent or
/// not, go with its reports; another address's stay. A real SQLite store, the built binary.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ForgetMailsTests {
    static let time = Date(timeIntervalSince1970: 1_800_000_000)

    static func mail(_ id: String, to recipient: String, replyTo: String? = nil) -> OutboxMail {
        OutboxMail(
            id: id, recipient: recipient, subject: "About Rex", text: "Rex was seen near the park.",
            headers: replyTo.map { [MailHeader(name: "Reply-To", value: $0)] } ?? [], queuedAt: time)
    }

    static func subscription(_ id: String, _ email: String) throws -> Subscription {
        Subscription(
            id: id, email: email, center: try Coordinate(latitude: 52.2297, longitude: 21.0122), radiusMeters: 5_000,
            kinds: [.found], species: ["dog"], token: Subscription.newToken(), createdAt: time, confirmedAt: time)
    }

    @Test func forgettingAnAddressRemovesItsSubscriptionsAndEveryMailToOrFromItAndNothingElse() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.addSubscription(try Self.subscription("sub-owner", "owner@example.com"))
        try await store.addSubscription(try Self.subscription("sub-other", "other@example.com"))
        try await store.queueMails(
            [
                Self.mail("alert.1.sub-owner", to: "owner@example.com"),
                Self.mail("manage.abc", to: "Owner@Example.COM"),
                Self.mail("message.1", to: "finder@example.org", replyTo: "owner@example.com"),
                Self.mail("alert.1.sub-other", to: "other@example.com"),
            ], mailCursor: nil)
        try await store.markMailSent(id: "manage.abc", at: Self.time)
        await store.close()

        let forgot = try await ReportArchiveTests.petspot(
            folder, ["reports", "forget", " OWNER@example.com ", "--store", "sqlite:" + folder.path])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(
            forgot.stdout
                == """
                No report has the address OWNER@example.com.
                Removed the alerts subscription sub-owner.
                Removed 3 mails to or from the address, sent or not.

                """)

        let after = try SQLiteReportStore(path: folder.path)
        #expect(try await after.subscriptions(afterID: nil, limit: 10).map(\.id) == ["sub-other"])
        for id in ["alert.1.sub-owner", "manage.abc", "message.1"] {
            #expect(try await after.outboxMail(id: id) == nil, "\(id) is forgotten")
        }
        #expect(try await after.outboxMail(id: "alert.1.sub-other")?.recipient == "other@example.com")
        #expect(try await after.outboxSummary().queued == 1)
        await after.close()

        let again = try await ReportArchiveTests.petspot(
            folder, ["reports", "forget", "owner@example.com", "--store", "sqlite:" + folder.path])
        #expect(again.status == 0 && again.stdout == "No report has the address owner@example.com.\n", "\(again)")
    }
}

/// `petspot reports forget EMAIL` and sightings (issue 47, item 7): the sightings an address gave
/// of others' reports go, named; another address's stay; `--dry-run` names them and keeps them.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ForgetSightingsTests {
    @Test func forgettingAnAddressRemovesTheSightingsItGaveAndNoOther() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let place = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        try await store.add([PetReport(id: "r-dog", kind: .missing)])
        for (id, email) in [("sig-1", "Seer@Example.org"), ("sig-2", "other@example.org"), ("sig-3", nil)] {
            try await store.addSighting(
                Sighting(
                    id: id, reportID: "r-dog", seenAt: ForgetMailsTests.time, coordinate: place, email: email,
                    makerTokenHash: String(repeating: "0", count: 64), createdAt: ForgetMailsTests.time))
        }
        await store.close()
        let arguments = ["reports", "forget", "seer@example.ORG", "--store", "sqlite:" + folder.path]
        let dry = try await ReportArchiveTests.petspot(folder, arguments + ["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("Would remove the sighting sig-1 of report r-dog.\n"), "\(dry.stdout)")
        let forgot = try await ReportArchiveTests.petspot(folder, arguments)
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(
            forgot.stdout
                == """
                No report has the address seer@example.ORG.
                Removed the sighting sig-1 of report r-dog.

                """)
        let after = try SQLiteReportStore(path: folder.path)
        #expect(try await after.sightings(reportID: "r-dog").map(\.id).sorted() == ["sig-2", "sig-3"])
        await after.close()
    }
}
