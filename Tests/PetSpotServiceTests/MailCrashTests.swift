import Foundation
import Geodata
import LocationTestSupport
import MailTestSupport
import ReportStore
import SQLiteReportStore
import Testing

/// Issue 45's fault: `kill -9` of `petspot serve` while it sends a mail loses nothing, and a
/// repeat comes only with the same `Message-ID`. A real SMTP server (python3-aiosmtpd) keeps
/// the first mail it is sent and never answers; the server is killed while it waits; a server
/// started again on the same store sends every queued mail once its claim lapses
/// (`--mail-lease 10`), the one the mail server had taken included, under its first id.
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"),
    .timeLimit(.minutes(5)))
struct MailCrashTests {
    static let subscribers = ["ann@example.org", "bob@example.org", "cid@example.org"]

    @Test func aServerKilledWhileItSendsLosesNoMailAndARepeatKeepsItsMessageID() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let confirmed = Date().addingTimeInterval(-60)
        for (index, email) in Self.subscribers.enumerated() {
            try await store.addSubscription(
                Subscription(
                    id: "sub-\(index)", email: email, center: try Coordinate(latitude: 52.2297, longitude: 21.0122),
                    radiusMeters: 5_000, kinds: [.found], species: ["dog"], token: Subscription.newToken(),
                    createdAt: confirmed, confirmedAt: confirmed))
        }
        await store.close()
        try await SMTPTestServer.with(["--stall-first", "1"], in: folder.url) { smtp in
            let arguments = [
                "--store", "sqlite:" + folder.path, "--smtp", "smtp://127.0.0.1:\(smtp.port)",
                "--mail-from", "alerts@petspot.test", "--public-url", "http://petspot.test", "--mail-lease", "10",
                "--log-level", "error",
            ]
            let first = try ServeCommandTests.Server(arguments)
            defer { first.stop() }
            let port = try #require(await first.port(), "\(first.output)")
            // A found dog with its finder's email: three area alerts and the finder's manage link.
            let created = try await TestServer(port: port).request(
                "POST", "/v1/reports/found", headers: [("Content-Type", "application/json")],
                body: PublicLocationRouteTests.foundBody)
            #expect(created.status == 201, "\(created.body)")
            try await waitUntil(hangGuard, "the first mail taken, unanswered") { ((try? smtp.kept()) ?? []).count == 1 }
            kill(first.process.processIdentifier, SIGKILL)
            #expect(await eventually(hangGuard) { !first.process.isRunning })
            #expect(first.process.terminationReason == .uncaughtSignal)

            let second = try ServeCommandTests.Server(arguments)
            defer { second.stop() }
            _ = try #require(await second.port(), "\(second.output)")
            let recipients = Set(Self.subscribers + ["f@example.com"])
            try await waitUntil(hangGuard, "every mail received") {
                let kept = (try? smtp.kept()) ?? []
                return kept.count == 5 && Set(kept.flatMap(\.to)) == recipients
            }
            let reopened = try SQLiteReportStore(path: folder.path)
            try await waitUntil(hangGuard, "every mail marked sent") {
                (try? await reopened.outboxSummary())
                    == OutboxSummary(queued: 0, oldestQueuedAt: nil, sent: 4, failed: 0)
            }
            await reopened.close()

            let kept = try smtp.kept()
            #expect(kept.count == 5, "four mails and one repeat, no more")
            var byID: [String: [SMTPTestServer.Kept]] = [:]
            for mail in kept {
                let id = try #require(ReceivedMail(mail).header("Message-ID"), "\(mail.data)")
                byID[id, default: []].append(mail)
            }
            #expect(byID.count == 4, "one Message-ID a mail: \(byID.keys.sorted())")
            let repeated = byID.filter { $0.value.count > 1 }
            #expect(repeated.count == 1 && repeated.first?.value.count == 2, "\(byID.mapValues(\.count))")
            let stalled = try #require(kept.first)
            #expect(repeated.first?.value.map(\.to) == [stalled.to, stalled.to], "the repeat is the mail that stalled")
            let texts = repeated.first?.value.map { ReceivedMail($0).text } ?? []
            #expect(texts.count == 2 && texts[0] == texts[1] && texts[0] != nil, "the same mail again")
            for id in byID.keys { #expect(Set(byID[id]?.map(\.to) ?? []).count == 1) }
        }
    }
}
