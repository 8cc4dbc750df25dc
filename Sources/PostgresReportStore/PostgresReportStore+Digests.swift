public import Foundation
import PostgresNIO
public import ReportStore

/// The area alerts held for their hour's digest (``AlertStore``'s holding), in the outbox of
/// migration 11 with the states and index of migration 13.
extension PostgresReportStore {
    public func singleAlertCount(to recipient: String, queuedIn hour: Range<Date>) async throws(ReportStoreError)
        -> Int
    {
        let prefix = OutboxMail.areaAlertPrefix
        let from = ReportTimestamp.text(hour.lowerBound)
        let until = ReportTimestamp.text(hour.upperBound)
        return try await call("counting the alerts queued to an address") { client, logger in
            for try await count in try await client.query(
                """
                SELECT count(*)::bigint FROM outbox_mail
                WHERE recipient = \(recipient) AND queued_at >= \(from) AND queued_at < \(until)
                  AND starts_with(id, \(prefix)) AND state IN ('queued', 'sent', 'failed')
                """, logger: logger
            ).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    public func heldMails(dueBy now: Date, limit: Int) async throws(ReportStoreError) -> [OutboxMail] {
        let time = ReportTimestamp.text(now)
        return try await records(
            "reading the held mails",
            """
            SELECT \(unescaped: Self.mailColumns) FROM outbox_mail WHERE state = 'held' AND due_at <= \(time)
            ORDER BY due_at, recipient COLLATE "C", id LIMIT \(max(0, limit))
            """)
    }

    /// One transaction: the held mails are locked as they are counted (`FOR UPDATE`), so a
    /// second server releasing some of them waits, then finds them digested and changes nothing.
    @discardableResult
    public func releaseHeldMails(_ heldIDs: [String], as digest: OutboxMail?) async throws(ReportStoreError) -> Bool {
        let ids = Array(Set(heldIDs))
        guard !ids.isEmpty else { return false }
        try digest?.checkStorable()
        return try await call("releasing \(ids.count) held mails as \(digest?.id ?? "no mail")") { client, logger in
            try await client.withTransaction(logger: logger) { connection -> Bool in
                let held = try await Self.count(
                    connection.query(
                        "SELECT id FROM outbox_mail WHERE id = ANY(\(ids)) AND state = 'held' FOR UPDATE",
                        logger: logger))
                guard held == ids.count else { return false }
                try await connection.query(
                    "UPDATE outbox_mail SET state = 'digested' WHERE id = ANY(\(ids)) AND state = 'held'",
                    logger: logger)
                guard let digest else { return true }
                let headers = try digest.headersJSON()
                try await connection.query(
                    """
                    INSERT INTO outbox_mail (\(unescaped: Self.mailColumns))
                    VALUES (\(digest.id), \(digest.recipient), \(digest.subject), \(digest.text), \(digest.html),
                        \(headers), \(ReportTimestamp.text(digest.queuedAt)), \(ReportTimestamp.text(digest.dueAt)),
                        \(digest.attempts), \(digest.state.rawValue), \(digest.lastError))
                    ON CONFLICT (id) DO NOTHING
                    """, logger: logger)
                return true
            }
        }
    }
}
