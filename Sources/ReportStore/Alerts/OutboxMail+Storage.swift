package import Foundation

/// How both stores keep an outbox mail: the headers as a JSON array of `{name, value}`, times
/// as ``ReportTimestamp`` text, the state by its raw value.
extension OutboxMail {
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

    /// A mail from the values a store read, each checked.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a value no petspot writes (headers that
    ///   are not the JSON array, a time in another form, an unknown state).
    package init(
        storedID id: String, recipient: String, subject: String, text: String, html: String?, headers: String,
        queuedAt: String, dueAt: String, attempts: Int, state: String, lastError: String?
    ) throws(ReportStoreError) {
        func bad(_ detail: String) -> ReportStoreError {
            .storage("reading mail \(id)", "\(detail); the store was changed by another program")
        }
        let decoded: [MailHeader]
        do {
            decoded = try JSONDecoder().decode([MailHeader].self, from: Data(headers.utf8))
        } catch {
            throw bad("its headers are not a JSON array of names and values (\(error))")
        }
        guard let queued = ReportTimestamp.date(queuedAt) else { throw bad("its queuing time \(queuedAt)") }
        guard let due = ReportTimestamp.date(dueAt) else { throw bad("its due time \(dueAt)") }
        guard let state = State(rawValue: state) else { throw bad("an unknown state \(state)") }
        guard attempts >= 0 else { throw bad("a negative attempt count \(attempts)") }
        self.init(
            id: id, recipient: recipient, subject: subject, text: text, html: html, headers: decoded,
            queuedAt: queued, dueAt: due, attempts: attempts, state: state, lastError: lastError)
    }
}
