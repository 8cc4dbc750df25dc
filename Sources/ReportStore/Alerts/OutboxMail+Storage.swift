package import Foundation

/// How both stores keep an outbox mail: the headers as a JSON array of `{name, value}`, times
/// as ``ReportTimestamp`` text, the state by its raw value.
extension OutboxMail: StoredRecord {
    /// Refuses what a store could not keep as it is: an empty identifier or recipient, a NUL
    /// character anywhere (PostgreSQL's text cannot hold one; SQLite refuses it too, so both
    /// stores keep the same mails), a negative attempt count.
    package func checkStorable() throws(ReportStoreError) {
        guard !id.isEmpty else { throw .invalidMail(id, "it has no identifier") }
        guard !recipient.isEmpty else { throw .invalidMail(id, "it has no recipient") }
        let texts =
            [id, recipient, subject, text, html ?? "", lastError ?? ""] + headers.flatMap { [$0.name, $0.value] }
        guard !texts.contains(where: { $0.utf8.contains(0) }) else {
            throw .invalidMail(id, "a NUL character in its text, which the store cannot keep")
        }
        guard attempts >= 0 else { throw .invalidMail(id, "a negative attempt count \(attempts)") }
    }

    /// When a claim made at `now` for `lease` lapses (a negative lease is none: it lapses at once).
    package static func claimEnd(from now: Date, lease: Duration) -> Date {
        let (seconds, attoseconds) = max(lease, .zero).components
        return now.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }

    /// The headers as the `headers` column keeps them: `[{"name":…,"value":…}]`.
    package func headersJSON() throws(ReportStoreError) -> String {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(headers), as: UTF8.self)
        } catch {
            throw .invalidMail(id, "its headers cannot be written as JSON (\(error))")
        }
    }

    package static let storedNoun = "mail"

    /// The columns of table `outbox_mail`.
    package static let storedColumns = [
        "id", "recipient", "subject", "text", "html", "headers", "queued_at", "due_at", "attempts", "state",
        "last_error",
    ]

    /// A mail from a row of ``storedColumns``, each value checked.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a value no petspot writes (headers that
    ///   are not the JSON array, a time in another form, an unknown state).
    package init(stored row: some StoredRow) throws(ReportStoreError) {
        let id = try row.text("id")
        let headers = try row.text("headers")
        let decoded: [MailHeader]
        do {
            decoded = try JSONDecoder().decode([MailHeader].self, from: Data(headers.utf8))
        } catch {
            throw Self.changed(id, "its headers are not a JSON array of names and values (\(error))")
        }
        let queued = try Self.requiredTime(row, id: id, "queued_at", "its queuing time")
        let due = try Self.requiredTime(row, id: id, "due_at", "its due time")
        let stateName = try row.text("state")
        guard let state = State(rawValue: stateName) else { throw Self.changed(id, "an unknown state \(stateName)") }
        let attempts = try row.integer("attempts")
        guard attempts >= 0 else { throw Self.changed(id, "a negative attempt count \(attempts)") }
        self.init(
            id: id, recipient: try row.text("recipient"), subject: try row.text("subject"), text: try row.text("text"),
            html: try row.optionalText("html"), headers: decoded, queuedAt: queued, dueAt: due, attempts: attempts,
            state: state, lastError: try row.optionalText("last_error"))
    }
}
