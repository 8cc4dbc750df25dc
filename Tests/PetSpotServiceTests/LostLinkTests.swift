import Foundation
import LocationTestSupport
import MailTestSupport
import PetSpotService
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// "Lost your link?" (issue 47 item 5): the same answer for any report; the report's own address
/// gets a code link; its page's button gives that browser a new owner token (303 to the card
/// with it) and the old token stops working; a wrong code, and a second ask within ten minutes,
/// give nothing. Real SMTP server.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct LostLinkTests {
    @Test func theReportsOwnAddressGetsACodeThatHandsTheReportToTheBrowserThatUsesIt() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let old = OwnerToken.make()
        var report = PetReport(id: "luna", kind: .missing)
        report.email = "owner@example.com"
        report.ownerTokenHash = old.hash
        try await store.add([report])
        try await SMTPTestServer.with([], in: folder.url) { smtp in
            var configuration = ServiceConfiguration(
                limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store)
            configuration.mail = try AlertsByMailTests.settings(smtpPort: smtp.port)
            try await TestServer.with(configuration) { server in
                let asked = try await server.request("POST", "/v1/reports/luna/manage-link")
                let unknown = try await server.request("POST", "/v1/reports/nobody/manage-link")
                #expect(asked.status == 202 && unknown.status == 202)
                #expect(asked.body == unknown.body, "the answer says nothing of the report")
                #expect(!asked.body.contains("owner@example.com"))
                try await waitUntil(hangGuard, "the mail") { ((try? smtp.kept()) ?? []).count == 1 }
                let kept = try smtp.kept()[0]
                #expect(kept.to == ["owner@example.com"])
                let link = try #require(
                    ReceivedMail(kept).link(startingWith: AlertsByMailTests.publicURL + "/pets/luna/manage?code="))
                let code = String(link.split(separator: "=").last ?? "")
                let page = try await server.request(try AlertsByMailTests.path(link))
                #expect(page.status == 200 && page.body.contains(#"name="code""#))

                let form = [("Content-Type", "application/x-www-form-urlencoded")]
                let wrong = try await OpenAPIConformanceTests.withoutRedirects(
                    server, "POST", "/pets/luna/manage", headers: form,
                    body: Array("code=\(String(repeating: "0", count: 32))".utf8))
                #expect(wrong.status == 404)
                let taken = try await OpenAPIConformanceTests.withoutRedirects(
                    server, "POST", "/pets/luna/manage", headers: form, body: Array("code=\(code)".utf8))
                #expect(taken.status == 303)
                let location = try #require(taken.header("Location"))
                #expect(location.hasPrefix("/pets/luna#ownerToken="))
                let new = String(location.dropFirst("/pets/luna#ownerToken=".count))
                let renewNew = try await server.request(
                    "POST", "/v1/reports/luna/renew", headers: [("Authorization", "Bearer \(new)")])
                #expect(renewNew.status == 200, "\(renewNew.body)")
                let renewOld = try await server.request(
                    "POST", "/v1/reports/luna/renew", headers: [("Authorization", "Bearer \(old.text)")])
                #expect(renewOld.status == 403, "the old token stops working")

                // Asked again at once: the same answer, no second mail.
                #expect(try await server.request("POST", "/v1/reports/luna/manage-link").status == 202)
                try await waitUntil(hangGuard, "sent") { (try? await store.outboxSummary().sent) == 1 }
                let summary = try await store.outboxSummary()
                #expect(summary.queued + summary.sent == 1)
            }
        }
        await store.close()
    }
}
