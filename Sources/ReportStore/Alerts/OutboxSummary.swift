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

extension OutboxSummary {
    /// The summary of an outbox's mails counted by state (`SELECT state, count(*), min(queued_at)
    /// … GROUP BY state`): each state's count and, for the queued ones, the oldest queuing time
    /// as the store keeps it (``ReportTimestamp``'s text).
    ///
    /// - Parameter store: what the store is, for the message (`the file`, `the database`).
    /// - Throws: ``ReportStoreError/storage(_:_:)`` for a state no mail has or a queuing time
    ///   that is not a time: another program changed the store.
    public init(
        counts: [(state: String, count: Int, oldestQueued: String?)], store: String
    ) throws(ReportStoreError) {
        self.init(queued: 0, oldestQueuedAt: nil, sent: 0, failed: 0)
        for (state, count, oldest) in counts {
            switch OutboxMail.State(rawValue: state) {
            case .queued:
                queued = count
                guard let oldest, let date = ReportTimestamp.date(oldest) else {
                    throw .storage(
                        "summing up the outbox",
                        "a queuing time \(oldest ?? "NULL"); \(store) was changed by another program")
                }
                oldestQueuedAt = date
            case .sent: sent = count
            case .failed: failed = count
            case .held: held = count
            case .digested: break
            case nil:
                throw .storage(
                    "summing up the outbox",
                    "mails in an unknown state \(ReportStoreError.quoted(state)); \(store) was changed by another "
                        + "program")
            }
        }
    }
}
