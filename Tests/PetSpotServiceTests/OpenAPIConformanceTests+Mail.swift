import AsyncHTTPClient
import Foundation
import Mail
import NIOCore
import NIOHTTP1
import ReportStore
import SQLiteReportStore
import Testing

@testable import PetSpotService

/// The mail routes' examples for the conformance test: subscriptions, their pages and messages
/// to a reporter, on a server with mail settings (its mail server is a closed port: nothing here
/// needs a mail to arrive) and on one without.
extension OpenAPIConformanceTests {
    /// Runs every mail example and hands each answer to `check` (method, path, answer).
    static func exerciseMailRoutes(_ check: @escaping @Sendable (String, String, Answer) throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        var withEmail = PetReport(id: "ex-mail", kind: .missing)
        withEmail.email = "owner@example.com"
        var closed = PetReport(id: "ex-closed", kind: .missing, status: .closed)
        closed.email = "owner@example.com"
        try await store.add([withEmail, closed, PetReport(id: "ex-silent", kind: .found)])
        let json = ExampleRequests.json
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        let token = String(repeating: "ab", count: 16)
        let subscribe = Array(#"{"email":"ann@example.org","near":"52.2297,21.0122","km":5}"#.utf8)
        let message = Array(#"{"name":"Ann","contact":"ann@example.org","text":"I saw her."}"#.utf8)
        @Sendable func run(_ server: TestServer, _ examples: [ExampleRequest]) async throws {
            for example in examples {
                let answer = try await server.request(
                    example.method, example.path, headers: example.headers, body: example.body)
                guard answer.status == example.status else {
                    throw Failure("\(example.method) \(example.path): \(answer.status) \(answer.body)")
                }
                try check(example.method, example.path, answer)
            }
        }
        var configuration = ServiceConfiguration(limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store)
        configuration.mail = MailSettings(
            server: try SMTPServer(url: "smtp://127.0.0.1:1"), from: try MailAddress("alerts@petspot.test"),
            publicURL: try PublicURL("http://petspot.test"))
        try await TestServer.with(configuration) { server in
            try await run(
                server,
                [
                    ExampleRequest(
                        method: "POST", path: "/v1/subscriptions", headers: json, body: subscribe, status: 202),
                    ExampleRequest(
                        method: "POST", path: "/v1/subscriptions", headers: json, body: Array(#"{"email":"x"}"#.utf8),
                        status: 400),
                    ExampleRequest(
                        method: "POST", path: "/v1/subscriptions", headers: json,
                        body: Array(repeating: UInt8(ascii: " "), count: 5000), status: 413),
                    ExampleRequest(path: "/subscriptions/confirm?token=\(token)", status: 200),
                    ExampleRequest(path: "/subscriptions/confirm?token=nope", status: 404),
                    ExampleRequest(
                        method: "POST", path: "/subscriptions/confirm", headers: form,
                        body: Array("token=\(token)".utf8),
                        status: 404),
                    ExampleRequest(path: "/subscriptions/unsubscribe?token=\(token)", status: 200),
                    ExampleRequest(path: "/subscriptions/unsubscribe?token=nope", status: 404),
                    ExampleRequest(
                        method: "POST", path: "/subscriptions/unsubscribe?token=\(token)", headers: form,
                        body: Array("List-Unsubscribe=One-Click".utf8), status: 200),
                    ExampleRequest(
                        method: "POST", path: "/subscriptions/unsubscribe", headers: form, body: Array("token=x".utf8),
                        status: 404),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-mail/messages", headers: json,
                        body: Array(#"{"name":""}"#.utf8), status: 400),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-nobody/messages", headers: json, body: message,
                        status: 404),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-silent/messages", headers: json, body: message,
                        status: 409),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-closed/messages", headers: json, body: message,
                        status: 410),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-mail/messages", headers: json,
                        body: Array(repeating: UInt8(ascii: " "), count: 9000), status: 413),
                ]
                    + Array(
                        repeating: ExampleRequest(
                            method: "POST", path: "/v1/reports/ex-mail/messages", headers: json, body: message,
                            status: 202), count: 5)  // ReportMessagesController.perHour
                    + [
                        ExampleRequest(
                            method: "POST", path: "/v1/reports/ex-mail/messages", headers: json, body: message,
                            status: 429)
                    ])
            // A report's match-mails opt-out (ex-mail has no owner token: no link is its).
            try await run(
                server,
                [
                    ExampleRequest(path: "/reports/ex-mail/match-alerts/stop?token=\(token)", status: 200),
                    ExampleRequest(path: "/reports/ex-mail/match-alerts/stop?token=nope", status: 404),
                    ExampleRequest(
                        method: "POST", path: "/reports/ex-mail/match-alerts/stop?token=\(token)", headers: form,
                        body: Array("List-Unsubscribe=One-Click".utf8), status: 404),
                ])
            try await store.stopMatchAlerts(reportID: "ex-owned")
            var owned = PetReport(id: "ex-owned", kind: .missing)
            owned.ownerTokenHash = String(repeating: "cd", count: 32)
            owned.email = "owner@example.com"
            try await store.add([owned])
            let ownedToken = try #require(MatchAlertLink.token(owned))
            try await run(
                server,
                [
                    ExampleRequest(
                        method: "POST", path: "/reports/ex-owned/match-alerts/stop?token=\(ownedToken)", headers: form,
                        body: Array("List-Unsubscribe=One-Click".utf8), status: 200)
                ])
            // "Lost your link?": the same answer for every id; a mailed code takes the report over.
            let code = String(repeating: "ef", count: 16)
            try await store.queueMails(
                [
                    OutboxMail(
                        id: LostLinkController.mailID("ex-owned", code: code), recipient: "owner@example.com",
                        subject: "s", text: "t", queuedAt: Date())
                ], mailCursor: nil)
            try await run(
                server,
                [
                    ExampleRequest(method: "POST", path: "/v1/reports/ex-owned/manage-link", status: 202),
                    ExampleRequest(method: "POST", path: "/v1/reports/ex-nobody/manage-link", status: 202),
                    ExampleRequest(method: "POST", path: "/v1/reports/ex-owned/manage-link?x=1", status: 400),
                    ExampleRequest(method: "POST", path: "/v1/reports/%20/manage-link", status: 404),
                    ExampleRequest(path: "/pets/ex-owned/manage?code=\(code)", status: 200),
                    ExampleRequest(path: "/pets/ex-owned/manage?code=nope", status: 404),
                    ExampleRequest(
                        method: "POST", path: "/pets/ex-owned/manage", headers: form, body: Array("code=\(token)".utf8),
                        status: 404),
                ])
            // The take-over's 303, as a browser gets it (the shared client follows redirects).
            let takeOver = try await Self.withoutRedirects(
                server, "POST", "/pets/ex-owned/manage", headers: form, body: Array("code=\(code)".utf8))
            #expect(takeOver.status == 303)
            #expect(takeOver.header("Location")?.hasPrefix("/pets/ex-owned#ownerToken=") == true)
            try check("POST", "/pets/ex-owned/manage", takeOver)
            // A report's one-click renew: a made-up token, then its real one (ex-renew has an
            // owner token and a renewedAt).
            var renewable = PetReport(id: "ex-renew", kind: .missing)
            renewable.ownerTokenHash = String(repeating: "ef", count: 32)
            renewable.renewedAt = ReportTimestamp.text(Date().addingTimeInterval(-85 * 86_400))
            try await store.add([renewable])
            let renewToken = try #require(RenewalLink.token(renewable))
            try await run(
                server,
                [
                    ExampleRequest(path: "/reports/ex-renew/renew?token=\(renewToken)", status: 200),
                    ExampleRequest(path: "/reports/ex-renew/renew?token=nope", status: 404),
                    ExampleRequest(
                        method: "POST", path: "/reports/ex-renew/renew", headers: form,
                        body: Array("token=\(token)".utf8), status: 404),
                    ExampleRequest(
                        method: "POST", path: "/reports/ex-renew/renew", headers: form,
                        body: Array("token=\(renewToken)".utf8), status: 200),
                ])
            // The real confirmation link: its token from the store.
            let subscription = try #require(try await store.subscriptions(email: "ann@example.org").first)
            try await run(
                server,
                [
                    ExampleRequest(
                        method: "POST", path: "/subscriptions/confirm", headers: form,
                        body: Array("token=\(subscription.token)".utf8), status: 200)
                ])
        }
        try await TestServer.with(ServiceConfiguration(logger: TestServer.quietLogger, reports: store)) { server in
            try await run(
                server,
                [
                    ExampleRequest(
                        method: "POST", path: "/v1/subscriptions", headers: json, body: subscribe, status: 503),
                    ExampleRequest(path: "/subscriptions/confirm?token=\(token)", status: 503),
                    ExampleRequest(
                        method: "POST", path: "/subscriptions/confirm", headers: form,
                        body: Array("token=\(token)".utf8),
                        status: 503),
                    ExampleRequest(path: "/subscriptions/unsubscribe?token=\(token)", status: 503),
                    ExampleRequest(
                        method: "POST", path: "/subscriptions/unsubscribe", headers: form,
                        body: Array("token=\(token)".utf8), status: 503),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-mail/messages", headers: json, body: message, status: 503),
                    ExampleRequest(path: "/reports/ex-mail/match-alerts/stop?token=\(token)", status: 503),
                    ExampleRequest(method: "POST", path: "/v1/reports/ex-mail/manage-link", status: 503),
                    ExampleRequest(path: "/pets/ex-mail/manage?code=\(token)", status: 503),
                    ExampleRequest(
                        method: "POST", path: "/pets/ex-mail/manage", headers: form, body: Array("code=\(token)".utf8),
                        status: 503),
                    ExampleRequest(path: "/reports/ex-mail/renew?token=\(token)", status: 503),
                    ExampleRequest(
                        method: "POST", path: "/reports/ex-mail/renew", headers: form,
                        body: Array("token=\(token)".utf8), status: 503),
                    ExampleRequest(
                        method: "POST", path: "/reports/ex-mail/match-alerts/stop?token=\(token)", headers: form,
                        body: Array("List-Unsubscribe=One-Click".utf8), status: 503),
                ])
        }
        await store.close()
    }

    /// A request through a client of its own that does not follow redirects.
    static func withoutRedirects(
        _ server: TestServer, _ method: String, _ path: String, headers: [(String, String)], body: [UInt8]
    ) async throws -> Answer {
        let client = HTTPClient(configuration: .init(redirectConfiguration: .disallow))
        do {
            var request = HTTPClientRequest(url: server.url(path))
            request.method = .init(rawValue: method)
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(bytes: body))
            let response = try await client.execute(request, timeout: .seconds(60))
            let bytes = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return Answer(
                status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                body: String(buffer: bytes))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
