import CoreMetrics
import Foundation
import ReportStore

/// The outbox's metrics (Docs/Service.md, "Alerts by mail"): `petspot_mail_queued` (mails
/// waiting), `petspot_mail_held` (area alerts held for their hour's digest),
/// `petspot_mail_oldest_queued_seconds` (the oldest waiting one's age), and the counters
/// `petspot_mail_sent_total` and `petspot_mail_failed_total` (refused for good).
enum MailMetrics {
    static let queued = Gauge(label: "petspot_mail_queued")
    static let held = Gauge(label: "petspot_mail_held")
    static let oldestQueuedSeconds = Gauge(label: "petspot_mail_oldest_queued_seconds")
    static let sent = Counter(label: "petspot_mail_sent_total")
    static let failed = Counter(label: "petspot_mail_failed_total")

    /// Records `summary` as read at `now`.
    static func record(_ summary: OutboxSummary, now: Double) {
        queued.record(summary.queued)
        held.record(summary.held)
        oldestQueuedSeconds.record(summary.oldestQueuedAt.map { max(0, now - $0.timeIntervalSince1970) } ?? 0)
    }
}
