import Foundation
import GRDB
import ReportStore

/// The alert tables' rows (migration v9) as values: every column read by name and checked, so a
/// row another program wrote badly is a ``ReportStoreError``, never a trap.
extension SQLiteReportStore {
    static let subscriptionColumns =
        "id, email, latitude, longitude, radius_m, kinds, species, token, created_at, confirmed_at"
    static let mailColumns =
        "id, recipient, subject, text, html, headers, queued_at, due_at, attempts, state, last_error"

    /// A subscription from a row of `SELECT <subscriptionColumns> FROM subscription`.
    static func subscription(_ row: Row) throws(ReportStoreError) -> Subscription {
        try stored("subscription", row) { id in
            try Subscription(
                storedID: id, email: row.decode(forColumn: "email"), latitude: row.decode(forColumn: "latitude"),
                longitude: row.decode(forColumn: "longitude"), radiusMeters: row.decode(forColumn: "radius_m"),
                kinds: row.decode(forColumn: "kinds"), species: row.decode(forColumn: "species"),
                token: row.decode(forColumn: "token"), createdAt: row.decode(forColumn: "created_at"),
                confirmedAt: row.decode(forColumn: "confirmed_at"))
        }
    }

    /// A mail from a row of `SELECT <mailColumns> FROM outbox_mail`.
    static func mail(_ row: Row) throws(ReportStoreError) -> OutboxMail {
        try stored("mail", row) { id in
            try OutboxMail(
                storedID: id, recipient: row.decode(forColumn: "recipient"), subject: row.decode(forColumn: "subject"),
                text: row.decode(forColumn: "text"), html: row.decode(forColumn: "html"),
                headers: row.decode(forColumn: "headers"), queuedAt: row.decode(forColumn: "queued_at"),
                dueAt: row.decode(forColumn: "due_at"), attempts: row.decode(forColumn: "attempts"),
                state: row.decode(forColumn: "state"), lastError: row.decode(forColumn: "last_error"))
        }
    }

    /// The value `make` builds from `row` and its `id` column (empty when the id cannot be read).
    ///
    /// - Parameter noun: what the row holds (`sighting`), to name it in the error.
    /// - Throws: the ``ReportStoreError`` `make` throws for a value the store would not keep, or
    ///   ``ReportStoreError/storage(_:_:)`` when a column holds a value of another type.
    static func stored<Value>(
        _ noun: String, _ row: Row, _ make: (_ id: String) throws -> Value
    ) throws(ReportStoreError) -> Value {
        let id = (try? row.decode(String.self, forColumn: "id")) ?? ""
        do {
            return try make(id)
        } catch let error as ReportStoreError {
            throw error
        } catch {
            throw .storage(
                "reading \(noun) \(id)", "a value of another type; the file was changed by another program (\(error))")
        }
    }
}
