import PostgresNIO
import ReportStore

/// The alert tables' rows (migration 11) as values: every column read by name and checked
/// (``StoredRecord``), so a row another program wrote badly is an error, never a trap.
extension PostgresReportStore {
    static let subscriptionColumns = Subscription.storedColumnList
    static let mailColumns = OutboxMail.storedColumnList

    /// A subscription from a row of ``subscriptionColumns``.
    static func subscription(_ row: PostgresRow) throws(ReportStoreError) -> Subscription { try record(row) }

    /// A mail from a row of ``mailColumns``.
    static func mail(_ row: PostgresRow) throws(ReportStoreError) -> OutboxMail { try record(row) }
}
