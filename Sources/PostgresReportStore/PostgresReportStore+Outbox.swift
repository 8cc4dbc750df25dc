public import Foundation
import PostgresNIO
public import ReportStore

/// The outbox of alert mails (``AlertStore``) and its cursor, in the tables of migration 11.
extension PostgresReportStore {
    public func queueMails(_ mails: [OutboxMail], mailCursor: Int64?) async throws(ReportStoreError) {
        try await call("queuing \(mails.count) mails") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                for mail in mails {
                    // Checked as each is written, inside the transaction: one the store cannot
                    // keep undoes those before it, and the cursor stays where it was.
                    try mail.checkStorable()
                    let headers = try mail.headersJSON()
                    try await connection.query(
                        """
                        INSERT INTO outbox_mail (\(unescaped: Self.mailColumns))
                        VALUES (\(mail.id), \(mail.recipient), \(mail.subject), \(mail.text), \(mail.html), \(headers),
                            \(ReportTimestamp.text(mail.queuedAt)), \(ReportTimestamp.text(mail.dueAt)), \(mail.attempts),
                            \(mail.state.rawValue), \(mail.lastError))
                        ON CONFLICT (id) DO NOTHING
                        """, logger: logger)
                }
                guard let mailCursor else { return }
                let raised = try await Self.count(
                    connection.query(
                        "UPDATE mail_cursor SET sequence = GREATEST(sequence, \(mailCursor)) RETURNING sequence",
                        logger: logger))
                // Its one row is made by the migration; made again if another program removed it.
                if raised == 0 {
                    try await connection.query(
                        "INSERT INTO mail_cursor (sequence) VALUES (\(max(0, mailCursor)))", logger: logger)
                }
            }
        }
    }

    public func mailCursor() async throws(ReportStoreError) -> Int64 {
        try await maxSequence(of: "mail_cursor", "reading the mail cursor")
    }

    /// One statement: the due mails whose claim lapsed, locked as they are chosen and skipping
    /// those another server's claim holds locked (`FOR UPDATE SKIP LOCKED`), are claimed at once.
    public func claimMails(dueBy now: Date, lease: Duration, limit: Int) async throws(ReportStoreError)
        -> [OutboxMail]
    {
        let time = ReportTimestamp.text(now)
        let until = ReportTimestamp.text(OutboxMail.claimEnd(from: now, lease: lease))
        let mails: [OutboxMail] = try await records(
            "claiming mails",
            """
            UPDATE outbox_mail SET claimed_until = \(until), attempts = attempts + 1
            WHERE id IN (
                SELECT id FROM outbox_mail
                WHERE state = 'queued' AND due_at <= \(time) AND (claimed_until IS NULL OR claimed_until <= \(time))
                ORDER BY due_at, id LIMIT \(max(0, limit))
                FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: Self.mailColumns)
            """)
        // RETURNING keeps no order: oldest due first, ties by identifier (bytes, as "C" orders).
        return mails.sorted {
            $0.dueAt != $1.dueAt ? $0.dueAt < $1.dueAt : $0.id.utf8.lexicographicallyPrecedes($1.id.utf8)
        }
    }

    public func markMailSent(id: String, at time: Date) async throws(ReportStoreError) {
        let sent = ReportTimestamp.text(time)
        try await mark(
            id, "marking mail \(id) sent",
            "UPDATE outbox_mail SET state = 'sent', sent_at = \(sent), claimed_until = NULL WHERE id = \(id) RETURNING id"
        )
    }

    public func markMailRetry(id: String, dueAt: Date, error: String) async throws(ReportStoreError) {
        let due = ReportTimestamp.text(dueAt)
        try await mark(
            id, "marking mail \(id) for a retry",
            """
            UPDATE outbox_mail SET state = 'queued', due_at = \(due), last_error = \(error), claimed_until = NULL
            WHERE id = \(id) RETURNING id
            """)
    }

    public func markMailFailed(id: String, error: String) async throws(ReportStoreError) {
        try await mark(
            id, "marking mail \(id) failed",
            """
            UPDATE outbox_mail SET state = 'failed', last_error = \(error), claimed_until = NULL
            WHERE id = \(id) RETURNING id
            """)
    }

    public func outboxMail(id: String) async throws(ReportStoreError) -> OutboxMail? {
        try await call("reading mail \(id)") { client, logger in
            let rows = try await client.query(
                "SELECT \(unescaped: Self.mailColumns) FROM outbox_mail WHERE id = \(id)", logger: logger)
            for try await row in rows { return try Self.mail(row) }
            return nil
        }
    }

    public func outboxSummary() async throws(ReportStoreError) -> OutboxSummary {
        try await call("summing up the outbox") { client, logger in
            let rows = try await client.query(
                "SELECT state, count(*)::bigint, min(queued_at) FROM outbox_mail GROUP BY state", logger: logger)
            var counts: [(state: String, count: Int, oldestQueued: String?)] = []
            for try await row in rows.decode((String, Int, String?).self) { counts.append(row) }
            return try OutboxSummary(counts: counts, store: "the database")
        }
    }

    /// Runs `update` (which returns the id of the mail it changed), ending mail `id`'s claim.
    private func mark(_ id: String, _ what: String, _ update: PostgresQuery) async throws(ReportStoreError) {
        try await call(what) { client, logger in
            guard try await Self.count(client.query(update, logger: logger)) > 0 else {
                throw ReportStoreError.mailNotFound(id)
            }
        }
    }
}

extension PostgresReportStore {
    /// One transaction: the mails whose lower-cased recipient or headers hold the address (every
    /// mail for an address that is not ASCII) are read and locked, checked by ``OutboxMail/concerns(_:)`` and removed.
    public func removeMails(concerning address: String) async throws(ReportStoreError) -> Int {
        let key = OutboxMail.addressKey(address)
        guard !key.isEmpty else { return 0 }
        return try await call("forgetting the mails of \(key)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                // PostgreSQL's `lower` follows the database's locale, Swift's Unicode: the
                // pre-filter is only for an ASCII address, where both agree.
                let query: PostgresQuery =
                    key.allSatisfy(\.isASCII)
                    ? """
                    SELECT \(unescaped: Self.mailColumns) FROM outbox_mail
                    WHERE lower(recipient) = \(key) OR strpos(lower(headers), \(key)) > 0 FOR UPDATE
                    """
                    : "SELECT \(unescaped: Self.mailColumns) FROM outbox_mail FOR UPDATE"
                let rows = try await connection.query(query, logger: logger)
                var ids: [String] = []
                for try await row in rows {
                    let mail = try Self.mail(row)
                    if mail.concerns(key) { ids.append(mail.id) }
                }
                var removed = 0
                for id in ids {
                    removed += try await Self.count(
                        connection.query("DELETE FROM outbox_mail WHERE id = \(id) RETURNING id", logger: logger))
                }
                return removed
            }
        }
    }
}
