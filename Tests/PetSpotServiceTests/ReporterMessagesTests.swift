import Foundation
import Geodata
import LocationTestSupport
import Mail
import MailTestSupport
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// Messaging a reporter without learning their address (issue 47 item 4): the message goes by
/// mail, through the outbox, to the report's own email with `Reply-To` the sender; the sender's
/// answer never names the address; what the sender wrote reaches no header; closed reports,
/// reports without an email and a client past its budget are refused in words.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct ReporterMessagesTests {
    static func post(_ server: TestServer, _ id: String, _ body: String) async throws -> Answer {
        try await server.request(
            "POST", "/v1/reports/\(id)/messages", headers: [("Content-Type", "application/json")],
            body: Array(body.utf8))
    }

    @Test func aMessageReachesTheReporterByMailWithReplyToTheSenderAndTheSenderLearnsNoAddress() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        var report = PetReport(id: "luna", kind: .missing)
        report.species = "cat"
        report.email = "owner@example.com"
        var closed = PetReport(id: "closed", kind: .missing, status: .closed)
        closed.email = "owner@example.com"
        var silent = PetReport(id: "silent", kind: .found)
        silent.phone = "+48 600 700 800"
        try await store.add([report, closed, silent])
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let sent = try await Self.post(
                    server, "luna",
                    #"{"name":"Ann\r\nBcc: x@evil.test","contact":"ann@example.org","text":"I saw her <b>here</b>.\nBy the park."}"#
                )
                #expect(sent.status == 202)
                #expect(!sent.body.contains("owner@example.com"))
                try await waitUntil(hangGuard, "the message") { ((try? smtp.kept()) ?? []).count == 1 }
                let kept = try smtp.kept()[0]
                #expect(kept.to == ["owner@example.com"])
                let mail = ReceivedMail(kept)
                #expect(mail.header("Reply-To") == "ann@example.org")
                #expect(mail.headers(named: "Bcc").isEmpty)
                #expect(mail.header("Subject") == "A message about your missing cat report on PetSpot")
                #expect(mail.text?.contains("I saw her <b>here</b>.\nBy the park.") == true)
                #expect(mail.html?.contains("I saw her &lt;b&gt;here&lt;/b&gt;.<br>By the park.") == true)
                #expect(mail.text?.contains("AnnBcc: x@evil.test sent a message") == true)

                #expect(
                    try await Self.post(server, "closed", #"{"name":"A","contact":"a@b.org","text":"Hi"}"#).status
                        == 410)
                #expect(
                    try await Self.post(server, "silent", #"{"name":"A","contact":"a@b.org","text":"Hi"}"#).status
                        == 409)
                #expect(
                    try await Self.post(server, "nobody", #"{"name":"A","contact":"a@b.org","text":"Hi"}"#).status
                        == 404)
                for bad in [
                    #"{"name":"","contact":"a@b.org","text":"Hi"}"#, #"{"name":"A","contact":"a@b@c","text":"Hi"}"#,
                    #"{"name":"A","contact":"a@b.org"}"#, #"{"name":"A","contact":"a@b.org","text":"Hi","to":"x"}"#,
                ] {
                    #expect(try await Self.post(server, "luna", bad).status == 400, "\(bad)")
                }
            }
        }
        await store.close()
    }

    @Test func aClientSendsAtMostFiveMessagesAnHour() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        var report = PetReport(id: "luna", kind: .missing)
        report.email = "owner@example.com"
        try await store.add([report])
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let body = #"{"name":"A","contact":"+48 600 700 800","text":"Hi"}"#
                for _ in 0..<5 { #expect(try await Self.post(server, "luna", body).status == 202) }
                let refused = try await Self.post(server, "luna", body)
                #expect(refused.status == 429)
                #expect(refused.header("Retry-After") != nil)
                #expect(refused.body.contains("messageRateLimited"))
            }
        }
        await store.close()
    }
}
