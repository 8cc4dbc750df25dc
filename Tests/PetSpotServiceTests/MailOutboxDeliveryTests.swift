import Foundation
import LocationTestSupport
import Mail
import MailTestSupport
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// The outbox when the mail server is away (issue 45 item 6): queued mails wait, are tried again
/// with backoff, and once the server is back every one of them is delivered exactly once, each
/// with the `Message-ID` derived from its outbox id.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct MailOutboxDeliveryTests {
    @Test func mailsQueuedWhileTheMailServerIsDownAreDeliveredOnceWhenItComesBack() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        // A port the SMTP server had, and will have again.
        let mails = folder.url.appendingPathComponent("mails")
        let port = try await SMTPTestServer.with([], in: folder.url, mails: mails) { $0.port }
        var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
        configuration.mail = MailSettings(
            server: try SMTPServer(url: "smtp://127.0.0.1:\(port)"), from: try MailAddress("alerts@petspot.test"),
            publicURL: try PublicURL("http://petspot.test"), pollInterval: .milliseconds(200), longestBackoff: 0.5)
        try await TestServer.with(configuration) { _ in
            let ids = ["test.1.a", "test.2.b", "test.3.c"]
            try await store.queueMails(
                ids.map {
                    OutboxMail(
                        id: $0, recipient: "ann@example.org", subject: "Mail \($0)", text: "Hello", queuedAt: Date())
                }, mailCursor: nil)
            try await waitUntil(hangGuard, "every mail tried twice while the server is down") {
                for id in ids {
                    guard let mail = try? await store.outboxMail(id: id), mail.attempts >= 2, mail.state == .queued
                    else { return false }
                }
                return true
            }
            #expect(try await store.outboxMail(id: ids[0])?.lastError?.isEmpty == false)
            try await SMTPTestServer.with(["--port", String(port)], in: folder.url, mails: mails) { smtp in
                try await waitUntil(hangGuard, "every mail sent") { (try? await store.outboxSummary().sent) == 3 }
                let kept = try smtp.kept().map(ReceivedMail.init)
                #expect(kept.count == 3, "each mail once")
                #expect(Set(kept.compactMap { $0.header("Message-ID") }) == Set(ids.map { "<\($0)@petspot.test>" }))
            }
        }
        await store.close()
    }
}
