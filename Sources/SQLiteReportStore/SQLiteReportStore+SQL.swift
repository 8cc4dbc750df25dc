import Foundation
import GRDB
import ReportStore

/// The store's SQL helpers: transactions, fetching a row, SQLite's errors in words.
extension SQLiteReportStore {
    static let columnList = SQLiteSchema.columns.joined(separator: ", ")

    /// The time now as the `created_at` (and a new report's `renewed_at`) text:
    /// `2025-11-18T10:00:00.123Z` (``ReportTimestamp``).
    static func now() -> String {
        ReportTimestamp.text(Date())
    }

    static func fetch(_ db: Database, id: String) throws(ReportStoreError) -> PetReport {
        let row = try catching {
            try Row.fetchOne(db, sql: "SELECT \(columnList) FROM report WHERE id = ?", arguments: [id])
        }
        guard let row else { throw ReportStoreError.notFound(id) }
        return try PetReport(row: row)
    }

    /// Runs `body` in a write transaction (committed when it returns, rolled back when it throws).
    func write<T>(_ what: String, _ body: (Database) throws -> T) throws(ReportStoreError) -> T {
        try Self.catching(what) { try pool.write { db in try body(db) } }
    }

    /// Runs `body` with a read-only connection (it never waits for the writer: WAL).
    func read<T>(_ what: String, _ body: (Database) throws -> T) throws(ReportStoreError) -> T {
        try Self.catching(what) { try pool.read { db in try body(db) } }
    }

    /// `body`'s value; a GRDB error becomes a storage error (while doing `what`), a
    /// ReportStoreError passes through.
    static func catching<T>(_ what: String = "running a statement", _ body: () throws -> T) throws(ReportStoreError)
        -> T
    {
        do {
            return try body()
        } catch let error as ReportStoreError {
            throw error
        } catch {
            throw .storage(what, reason(error))
        }
    }

    static func rowMessage(_ error: ReportStoreError) -> String {
        var text = error.description
        if text.hasPrefix("Invalid report: ") { text.removeFirst("Invalid report: ".count) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// SQLite's words for `error`, with what to do for the usual cases.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB: return "it is not an SQLite database (\(message)); name another file."
        case .SQLITE_CANTOPEN: return "SQLite cannot open it (\(message)); check the path and its permissions."
        case .SQLITE_READONLY: return "it is read-only (\(message)); check its permissions."
        case .SQLITE_FULL: return "the disk is full (\(message)); nothing was changed."
        case .SQLITE_BUSY, .SQLITE_LOCKED: return "another process holds it locked (\(message)); try again."
        case .SQLITE_CORRUPT: return "the file is damaged (\(message)); restore it from a copy."
        default: return message
        }
    }
}
