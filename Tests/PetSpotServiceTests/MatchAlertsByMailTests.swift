import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import MailTestSupport
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// Match alerts without subscribing (issue 45 item 4): a missing report made with an email is
/// mailed when a found report that matches it (the cards' rule) is stored, with both cards'
/// links; a finder when a matching missing report is stored later; each mail carries its
/// report's one-click opt-out, after which that reporter is not mailed again. Real SMTP server.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct MatchAlertsByMailTests {
    static let ownerDigest = String(repeating: "ab", count: 32)

    static func report(_ id: String, _ kind: ReportKind, northKm: Double, email: String?) throws -> PetReport {
        var report = PetReport(id: id, kind: kind)
        report.coordinate = try Coordinate(latitude: 52.2297 + northKm / 111.2, longitude: 21.0122)
        if kind == .missing { report.radius = try SearchRadius(kilometers: 3) }
        report.species = "dog"
        report.email = email
        report.ownerTokenHash = email == nil ? nil : ownerDigest
        return report
    }

    @Test func theOwnerOfAMatchingMissingReportIsMailedUntilTheyStopIt() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.add([try Self.report("luna", .missing, northKm: 0, email: "owner@example.com")])
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                // A found dog 1.2 km away, inside Luna's circle: her owner is told.
                try await store.add([try Self.report("found-1", .found, northKm: 1.2, email: nil)])
                try await waitUntil(hangGuard, "the match mail") { ((try? smtp.kept()) ?? []).count == 1 }
                let kept = try smtp.kept()[0]
                #expect(kept.to == ["owner@example.com"])
                let mail = ReceivedMail(kept)
                let subject = try #require(mail.header("Subject"))
                #expect(subject.hasPrefix("A found dog matching your missing dog was reported"))
                #expect(mail.link(startingWith: AlertsByMailTests.publicURL + "/pets/found-1") != nil)
                #expect(mail.link(startingWith: AlertsByMailTests.publicURL + "/pets/luna") != nil)
                let stop = try #require(
                    mail.link(startingWith: AlertsByMailTests.publicURL + "/reports/luna/match-alerts/stop"))
                #expect(mail.header("List-Unsubscribe") == "<\(stop)>")
                #expect(mail.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")

                // A wrong token stops nothing; the mail's own link stops them.
                let wrong = try await server.request(
                    "POST", "/reports/luna/match-alerts/stop?token=\(String(repeating: "0", count: 32))",
                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("List-Unsubscribe=One-Click".utf8))
                #expect(wrong.status == 404)
                #expect(try await store.matchAlertsStopped(reportIDs: ["luna"]).isEmpty)
                let page = try await server.request(try AlertsByMailTests.path(stop))
                #expect(page.status == 200 && page.body.contains("<form method=\"post\""))
                let stopped = try await server.request(
                    "POST", try AlertsByMailTests.path(stop),
                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("List-Unsubscribe=One-Click".utf8))
                #expect(stopped.status == 200)
                #expect(try await store.matchAlertsStopped(reportIDs: ["luna"]) == ["luna"])

                // Another match: nobody is mailed.
                try await store.add([try Self.report("found-2", .found, northKm: 0.5, email: nil)])
                try await AlertsByMailTests.planned(store)
                #expect(try await store.outboxSummary().sent + (try await store.outboxSummary().queued) == 1)
                #expect(try smtp.kept().count == 1)
            }
        }
        await store.close()
    }

    @Test func aFinderIsMailedWhenAMatchingMissingReportIsStoredLater() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.add([
            try Self.report("found-rex", .found, northKm: 1, email: "finder@example.org"),
            try Self.report("found-far", .found, northKm: 40, email: "far@example.org"),
        ])
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { _ in
                try await store.add([try Self.report("lost-rex", .missing, northKm: 0, email: nil)])
                try await waitUntil(hangGuard, "the finder's mail") { ((try? smtp.kept()) ?? []).count == 1 }
                try await AlertsByMailTests.planned(store)
                try await waitUntil(hangGuard, "sent") { (try? await store.outboxSummary().sent) == 1 }
                #expect(try await store.outboxSummary().queued == 0, "the far finder is not told")
                let kept = try smtp.kept()[0]
                #expect(kept.to == ["finder@example.org"])
                let subject = try #require(ReceivedMail(kept).header("Subject"))
                #expect(subject.hasPrefix("A missing dog matching the dog you found was reported"))
            }
        }
        await store.close()
    }
}
