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

    public init(queued: Int, oldestQueuedAt: Date?, sent: Int, failed: Int) {
        self.queued = queued
        self.oldestQueuedAt = oldestQueuedAt
        self.sent = sent
        self.failed = failed
    }
}
