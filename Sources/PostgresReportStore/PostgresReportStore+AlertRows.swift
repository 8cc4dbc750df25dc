import PostgresNIO
import ReportStore

/// The alert tables' rows (migration 11) as values: every column read by name and checked, so a
/// row another program wrote badly is an error, never a trap.
extension PostgresReportStore {
    static let subscriptionColumnNames = [
        "id", "email", "latitude", "longitude", "radius_m", "kinds", "species", "token", "created_at", "confirmed_at",
    ]
    static let subscriptionColumns = subscriptionColumnNames.joined(separator: ", ")
    static let mailColumnNames = [
        "id", "recipient", "subject", "text", "html", "headers", "queued_at", "due_at", "attempts", "state",
        "last_error",
    ]
    static let mailColumns = mailColumnNames.joined(separator: ", ")

    /// A subscription from a row of ``subscriptionColumns``.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a row without one of the columns or with
    ///   a value out of range; postgres-nio's decoding error for a value of another type.
    static func subscription(_ row: PostgresRow) throws -> Subscription {
        let cells = row.makeRandomAccess()
        for column in subscriptionColumnNames where !cells.contains(column) {
            throw ReportStoreError.storage("reading a subscription", "the row has no column \(column)")
        }
        return try Subscription(
            storedID: cells["id"].decode(String.self), email: cells["email"].decode(String.self),
            latitude: cells["latitude"].decode(Double.self), longitude: cells["longitude"].decode(Double.self),
            radiusMeters: cells["radius_m"].decode(Double.self), kinds: cells["kinds"].decode(String.self),
            species: cells["species"].decode(String.self), token: cells["token"].decode(String.self),
            createdAt: cells["created_at"].decode(String.self), confirmedAt: cells["confirmed_at"].decode(String?.self))
    }

    /// A mail from a row of ``mailColumns``.
    ///
    /// - Throws: as ``subscription(_:)``.
    static func mail(_ row: PostgresRow) throws -> OutboxMail {
        let cells = row.makeRandomAccess()
        for column in mailColumnNames where !cells.contains(column) {
            throw ReportStoreError.storage("reading a mail", "the row has no column \(column)")
        }
        return try OutboxMail(
            storedID: cells["id"].decode(String.self), recipient: cells["recipient"].decode(String.self),
            subject: cells["subject"].decode(String.self), text: cells["text"].decode(String.self),
            html: cells["html"].decode(String?.self), headers: cells["headers"].decode(String.self),
            queuedAt: cells["queued_at"].decode(String.self), dueAt: cells["due_at"].decode(String.self),
            attempts: cells["attempts"].decode(Int.self), state: cells["state"].decode(String.self),
            lastError: cells["last_error"].decode(String?.self))
    }
}
