public import Foundation
public import Mail

/// How the server sends mail (`petspot serve --smtp … --mail-from … --public-url …`): the mail
/// server, the sender, the base of every link, and the outbox's timings. Without it the server
/// sends no mail and its pages do not offer alerts.
public struct MailSettings: Sendable {
    /// Where mail goes.
    public var server: SMTPServer
    /// The `From` of every mail.
    public var from: MailAddress
    /// The base of every link in a mail.
    public var publicURL: PublicURL
    /// How often the outbox and the event log are looked at besides when this server queues
    /// mail itself (other servers' mails, retries that came due): 5 s.
    public var pollInterval: Duration
    /// How long a server holds the mails it claimed before another may claim them again (a
    /// server killed while sending): 5 minutes, above libcurl's whole-mail timeout.
    public var lease: Duration
    /// How long a mail is retried after temporary failures before it counts as failed: 24 h.
    public var retryFor: TimeInterval
    /// The longest wait between two tries of a mail: a minute, so queued mail goes out within
    /// a minute of the mail server coming back.
    public var longestBackoff: TimeInterval

    /// ``lease``'s default in seconds, as `petspot serve --mail-lease` shows it.
    public static let defaultLeaseSeconds = 300

    public init(
        server: SMTPServer, from: MailAddress, publicURL: PublicURL, pollInterval: Duration = .seconds(5),
        lease: Duration = .seconds(defaultLeaseSeconds), retryFor: TimeInterval = 24 * 3600,
        longestBackoff: TimeInterval = 60
    ) {
        self.server = server
        self.from = from
        self.publicURL = publicURL
        self.pollInterval = pollInterval
        self.lease = lease
        self.retryFor = retryFor
        self.longestBackoff = longestBackoff
    }

    /// The wait before try `attempt + 1` of a mail that failed for now: 5 s, doubling, at most
    /// ``longestBackoff``.
    public func backoff(afterAttempt attempt: Int) -> TimeInterval {
        min(longestBackoff, 5 * pow(2, Double(min(max(attempt - 1, 0), 16))))
    }
}
