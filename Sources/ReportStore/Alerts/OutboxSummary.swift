public import Foundation

/// The outbox at a glance, for metrics and `petspot status`.
public struct OutboxSummary: Sendable, Hashable {
    /// Mails waiting to be sent.
    public var queued: Int
    /// When the oldest waiting mail was queued; `nil` when none waits.
    public var oldestQueuedAt: Date?
    /// Mails sent.
    public var sent: Int
    /// Mails refused for good.
    public var failed: Int
    /// Area alerts held for their hour's digest (``OutboxMail/State/held``): waiting too, but not
    /// in ``queued`` (they are not due before their hour ends, so they say nothing of a slow outbox).
    /// The held mails a digest carried are counted by the digest alone.
    public var held: Int

    public init(queued: Int, oldestQueuedAt: Date?, sent: Int, failed: Int, held: Int = 0) {
        self.queued = queued
        self.oldestQueuedAt = oldestQueuedAt
        self.sent = sent
        self.failed = failed
        self.held = held
    }
}
