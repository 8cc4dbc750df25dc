import GRDB
import ReportStore

/// The alert tables' rows (migration v9) as values: every column read by name and checked
/// (``StoredRecord``), so a row another program wrote badly is a ``ReportStoreError``, never a
/// trap.
extension SQLiteReportStore {
    static let subscriptionColumns = Subscription.storedColumnList
    static let mailColumns = OutboxMail.storedColumnList

    /// A subscription from a row of `SELECT <subscriptionColumns> FROM subscription`.
    static func subscription(_ row: Row) throws(ReportStoreError) -> Subscription { try record(row) }

    /// A mail from a row of `SELECT <mailColumns> FROM outbox_mail`.
    static func mail(_ row: Row) throws(ReportStoreError) -> OutboxMail { try record(row) }
}
