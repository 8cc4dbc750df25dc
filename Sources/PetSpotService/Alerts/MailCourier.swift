import CoreMetrics
import Foundation
import Logging
import Mail
import ReportStore
import ServiceLifecycle

/// Sends the outbox: a `Service` of the server's group that claims due mails
/// (``AlertStore/claimMails(dueBy:lease:limit:)``: with several servers on one PostgreSQL each
/// mail goes to one of them) and hands each to the mail server through libcurl, on a thread of
/// its own (a send blocks). A mail the server took is marked sent; one it refused for good (a
/// 5xx reply, an address that is not one) is marked failed and counted; any other failure
/// (4xx, connection refused, a TLS handshake cut) is tried again after a backoff of 5 s
/// doubling to ``MailSettings/longestBackoff`` (a minute), for ``MailSettings/retryFor`` (24 h).
/// A server killed while sending leaves its claims to lapse (``MailSettings/lease``); the mail
/// is then sent again with the same `Message-ID`.
///
/// It looks at the outbox when rung (``wake()``: this server queued mail) and every
/// ``MailSettings/pollInterval`` on the injected clock (another server's mail, a retry come due).
final class MailCourier: Service {
    /// Mails claimed at a time.
    static let batch = 10
    /// The thread sends block on.
    private static let sender = DedicatedThreadExecutor(name: "petspot-mail")

    /// The store whose outbox it sends (the ``AlertPlanner`` queues into the same).
    let store: any ReportStore
    let settings: MailSettings
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let logger: Logger
    private let rings = ReportRings()

    init(
        store: any ReportStore, settings: MailSettings, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.store = store
        self.settings = settings
        self.clock = clock
        self.now = now
        self.logger = logger
    }

    /// Asks for a look at the outbox now.
    func wake() { rings.ring() }

    func run() async {
        let rings = self.rings
        await Ticker.run(every: settings.pollInterval, on: clock, beating: rings) {
            for await _ in rings { await self.deliver() }
        }
    }

    /// Sends every due mail; returns how many the mail server took.
    @discardableResult
    func deliver() async -> Int {
        var sent = 0
        do throws(ReportStoreError) {
            while true {
                let mails = try await store.claimMails(dueBy: now(), lease: settings.lease, limit: Self.batch)
                for mail in mails where try await send(mail) { sent += 1 }
                if mails.count < Self.batch { break }
            }
            MailMetrics.record(try await store.outboxSummary(), now: now().timeIntervalSince1970)
        } catch {
            logger.warning("mail: the outbox cannot be read; trying again", metadata: ["error": "\(error)"])
        }
        return sent
    }

    /// Sends `mail` and marks what came of it; whether the server took it. A mail removed while
    /// it was being sent (`reports forget`) has nothing left to mark, and that is no error.
    private func send(_ mail: OutboxMail) async throws(ReportStoreError) -> Bool {
        do {
            return try await sendAndMark(mail)
        } catch {
            guard error.reason == .notFound else { throw error }
            logger.info("mail: removed from the outbox while it was sent (forgotten)", metadata: ["mail": "\(mail.id)"])
            return false
        }
    }

    private func sendAndMark(_ mail: OutboxMail) async throws(ReportStoreError) -> Bool {
        let server = settings.server
        let outcome: Result<SMTPClient.Reply, MailError> = await withTaskExecutorPreference(Self.sender) {
            do throws(MailError) {
                let message = try MailMessage(
                    from: settings.from, to: try MailAddress(mail.recipient), subject: mail.subject, text: mail.text,
                    html: mail.html, headers: mail.headers.map { ($0.name, $0.value) })
                return .success(try SMTPClient(server: server).send(message, date: mail.queuedAt, id: mail.id))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success:
            try await store.markMailSent(id: mail.id, at: now())
            MailMetrics.sent.increment()
            return true
        case .failure(let error)
        where Self.isPermanent(error) || now().timeIntervalSince(mail.queuedAt) > settings.retryFor:
            try await store.markMailFailed(id: mail.id, error: error.description)
            MailMetrics.failed.increment()
            logger.error("mail: not sent, for good", metadata: ["mail": "\(mail.id)", "error": "\(error)"])
            return false
        case .failure(let error):
            let due = now().addingTimeInterval(settings.backoff(afterAttempt: mail.attempts))
            try await store.markMailRetry(id: mail.id, dueAt: due, error: error.description)
            logger.warning(
                "mail: not sent; trying again",
                metadata: ["mail": "\(mail.id)", "error": "\(error)", "attempt": "\(mail.attempts)"])
            return false
        }
    }

    /// Whether `error` will not change by trying again: a 5xx reply, or a mail that cannot be built.
    static func isPermanent(_ error: MailError) -> Bool {
        switch error {
        case .notSent(_, let code, _): (500...599).contains(code)
        case .badAddress, .badHeader: true
        case .badServerURL, .badPasswordFile, .libraryMissing: false
        }
    }
}
