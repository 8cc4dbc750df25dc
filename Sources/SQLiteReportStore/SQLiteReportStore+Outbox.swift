public import Foundation
import GRDB
public import ReportStore

/// The outbox of alert mails (``AlertStore``) and its cursor, in the tables of migration v9.
extension SQLiteReportStore {
    public func queueMails(_ mails: [OutboxMail], mailCursor: Int64?) throws(ReportStoreError) {
        try write("queuing \(mails.count) mails") { db in
            for mail in mails {
                // Checked as each is written, inside the transaction: one the store cannot keep
                // undoes those before it, and the cursor stays where it was.
                try mail.checkStorable()
                try db.execute(
                    sql: """
                        INSERT INTO outbox_mail (\(Self.mailColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (id) DO NOTHING
                        """,
                    arguments: [
                        mail.id, mail.recipient, mail.subject, mail.text, mail.html, try mail.headersJSON(),
                        ReportTimestamp.text(mail.queuedAt), ReportTimestamp.text(mail.dueAt), mail.attempts,
                        mail.state.rawValue, mail.lastError,
                    ])
            }
            guard let mailCursor else { return }
            try db.execute(sql: "UPDATE mail_cursor SET sequence = max(sequence, ?)", arguments: [mailCursor])
            // Its one row is made by the migration; made again if another program removed it.
            if db.changesCount == 0 {
                try db.execute(sql: "INSERT INTO mail_cursor (sequence) VALUES (?)", arguments: [max(0, mailCursor)])
            }
        }
    }

    public func mailCursor() throws(ReportStoreError) -> Int64 {
        try read("reading the mail cursor") { db in
            try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM mail_cursor") ?? 0
        }
    }

    /// One write transaction: the due mails whose claim lapsed are selected and claimed before
    /// any other connection may write.
    public func claimMails(dueBy now: Date, lease: Duration, limit: Int) throws(ReportStoreError) -> [OutboxMail] {
        let time = ReportTimestamp.text(now)
        let until = ReportTimestamp.text(OutboxMail.claimEnd(from: now, lease: lease))
        return try write("claiming mails") { db in
            let ids = try String.fetchAll(
                db,
                sql: """
                    SELECT id FROM outbox_mail
                    WHERE state = 'queued' AND due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                    ORDER BY due_at, id LIMIT ?
                    """,
                arguments: [time, time, max(0, limit)])
            var mails: [OutboxMail] = []
            for id in ids {
                try db.execute(
                    sql: "UPDATE outbox_mail SET claimed_until = ?, attempts = attempts + 1 WHERE id = ?",
                    arguments: [until, id])
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(Self.mailColumns) FROM outbox_mail WHERE id = ?", arguments: [id])
                if let row { mails.append(try Self.mail(row)) }
            }
            return mails
        }
    }

    public func markMailSent(id: String, at time: Date) throws(ReportStoreError) {
        try mark(
            id, "marking mail \(id) sent", "state = 'sent', sent_at = ?, claimed_until = NULL",
            [ReportTimestamp.text(time)])
    }

    public func markMailRetry(id: String, dueAt: Date, error: String) throws(ReportStoreError) {
        try mark(
            id, "marking mail \(id) for a retry", "state = 'queued', due_at = ?, last_error = ?, claimed_until = NULL",
            [ReportTimestamp.text(dueAt), error])
    }

    public func markMailFailed(id: String, error: String) throws(ReportStoreError) {
        try mark(id, "marking mail \(id) failed", "state = 'failed', last_error = ?, claimed_until = NULL", [error])
    }

    public func outboxMail(id: String) throws(ReportStoreError) -> OutboxMail? {
        try read("reading mail \(id)") { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT \(Self.mailColumns) FROM outbox_mail WHERE id = ?", arguments: [id])
            return try row.map { row throws(ReportStoreError) in try Self.mail(row) }
        }
    }

    public func outboxSummary() throws(ReportStoreError) -> OutboxSummary {
        try read("summing up the outbox") { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT state, count(*) AS n, min(queued_at) AS oldest FROM outbox_mail GROUP BY state")
            let counts = try rows.map { row in
                (
                    state: try row.decode(String.self, forColumn: "state"),
                    count: try row.decode(Int.self, forColumn: "n"),
                    oldestQueued: try row.decode(String?.self, forColumn: "oldest")
                )
            }
            return try OutboxSummary(counts: counts, store: "the file")
        }
    }

    /// Sets `assignments` (with `arguments`) on mail `id`, ending its claim.
    private func mark(_ id: String, _ what: String, _ assignments: String, _ arguments: StatementArguments)
        throws(ReportStoreError)
    {
        try write(what) { db in
            try db.execute(sql: "UPDATE outbox_mail SET \(assignments) WHERE id = ?", arguments: arguments + [id])
            guard db.changesCount > 0 else { throw ReportStoreError.mailNotFound(id) }
        }
    }
}

extension SQLiteReportStore {
    /// One write transaction: the mails the address may concern are read (a pre-filter on the
    /// lower-cased text when the address is ASCII, which SQLite's `lower` covers; every mail
    /// otherwise), checked by ``OutboxMail/concerns(_:)`` and removed.
    public func removeMails(concerning address: String) throws(ReportStoreError) -> Int {
        let key = OutboxMail.addressKey(address)
        guard !key.isEmpty else { return 0 }
        return try write("forgetting the mails of \(key)") { db in
            let filter = key.allSatisfy(\.isASCII) ? "WHERE lower(recipient) = ? OR instr(lower(headers), ?) > 0" : ""
            let arguments: StatementArguments = filter.isEmpty ? [] : [key, key]
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(Self.mailColumns) FROM outbox_mail \(filter)", arguments: arguments)
            var removed = 0
            for row in rows {
                let mail = try Self.mail(row)
                guard mail.concerns(key) else { continue }
                try db.execute(sql: "DELETE FROM outbox_mail WHERE id = ?", arguments: [mail.id])
                removed += db.changesCount
            }
            return removed
        }
    }
}
