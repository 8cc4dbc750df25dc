public import Foundation
import GRDB
public import ReportStore

/// The area alerts held for their hour's digest (``AlertStore``'s holding), in the outbox of
/// migration v9 with the index of v11. SQLite has one writer at a time, so a release's check
/// and its changes see no other release in between.
extension SQLiteReportStore {
    public func singleAlertCount(to recipient: String, queuedIn hour: Range<Date>) throws(ReportStoreError) -> Int {
        let prefix = OutboxMail.areaAlertPrefix
        return try read("counting the alerts queued to an address") { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM outbox_mail
                    WHERE recipient = ? AND queued_at >= ? AND queued_at < ?
                      AND substr(id, 1, ?) = ? AND state IN ('queued', 'sent', 'failed')
                    """,
                arguments: [
                    recipient, ReportTimestamp.text(hour.lowerBound), ReportTimestamp.text(hour.upperBound),
                    prefix.utf8.count, prefix,
                ]) ?? 0
        }
    }

    public func heldMails(dueBy now: Date, limit: Int) throws(ReportStoreError) -> [OutboxMail] {
        try records(
            "reading the held mails",
            sql: """
                SELECT \(Self.mailColumns) FROM outbox_mail WHERE state = 'held' AND due_at <= ?
                ORDER BY due_at, recipient, id LIMIT ?
                """,
            arguments: [ReportTimestamp.text(now), max(0, limit)])
    }

    @discardableResult
    public func releaseHeldMails(_ heldIDs: [String], as digest: OutboxMail?) throws(ReportStoreError) -> Bool {
        let ids = Array(Set(heldIDs))
        guard !ids.isEmpty else { return false }
        try digest?.checkStorable()
        return try write("releasing \(ids.count) held mails as \(digest?.id ?? "no mail")") { db in
            var held = 0
            for start in stride(from: 0, to: ids.count, by: Self.stopLookupChunk) {
                let chunk = Array(ids[start..<min(start + Self.stopLookupChunk, ids.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                held +=
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM outbox_mail WHERE state = 'held' AND id IN (\(marks))",
                        arguments: StatementArguments(chunk)) ?? 0
            }
            guard held == ids.count else { return false }
            for id in ids {
                try db.execute(
                    sql: "UPDATE outbox_mail SET state = 'digested' WHERE id = ? AND state = 'held'", arguments: [id])
            }
            guard let digest else { return true }
            let headers = try digest.headersJSON()
            try db.execute(
                sql: """
                    INSERT INTO outbox_mail (\(Self.mailColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO NOTHING
                    """,
                arguments: [
                    digest.id, digest.recipient, digest.subject, digest.text, digest.html, headers,
                    ReportTimestamp.text(digest.queuedAt), ReportTimestamp.text(digest.dueAt), digest.attempts,
                    digest.state.rawValue, digest.lastError,
                ])
            return true
        }
    }
}
