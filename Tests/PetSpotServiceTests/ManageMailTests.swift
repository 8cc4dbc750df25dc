import Foundation
import LocationTestSupport
import MailTestSupport
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// "Manage your report" by mail (issue 47 item 5): a report made with an email gets its owner
/// link, the one its maker was given; an address gets at most three an hour, whoever types it.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct ManageMailTests {
    static let body =
        #"{"lastSeenDate":"2025-11-18","species":"CAT","gender":"MALE","locationLatitude":52.25,"locationLongitude":21,"#
        + #""email":"Finder@Example.org","phone":"+48123456789"}"#

    @Test func aReportMadeWithAnEmailGetsItsOwnerLinkAndAnAddressAtMostThreeAnHour() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(
                limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                var made: [(id: String, token: String)] = []
                for _ in 0..<4 {
                    let answer = try await server.request(
                        "POST", "/v1/reports/found", headers: [("Content-Type", "application/json")],
                        body: Array(Self.body.utf8))
                    #expect(answer.status == 201, "\(answer.body)")
                    let object = try answer.object
                    made.append((try #require(object["id"] as? String), try #require(object["ownerToken"] as? String)))
                }
                try await waitUntil(hangGuard, "three mails") { ((try? smtp.kept()) ?? []).count == 3 }
                try await waitUntil(hangGuard, "marked sent") { (try? await store.outboxSummary().sent) == 3 }
                #expect(try await store.outboxSummary().queued == 0, "the fourth is not queued")
                let links = try smtp.kept().map { kept in
                    #expect(kept.to == ["Finder@Example.org"])
                    let words = (ReceivedMail(kept).text ?? "").split(whereSeparator: \.isWhitespace)
                    return try #require(words.first { $0.contains("#ownerToken=") }.map(String.init))
                }
                #expect(
                    Set(links)
                        == Set(
                            made.prefix(3).map { "\(AlertsByMailTests.publicURL)/pets/\($0.id)#ownerToken=\($0.token)" }
                        ))
            }
        }
        await store.close()
    }
}
