import GRDB
import ReportStore

/// A GRDB row as a ``StoredRow``: a cell read by column name; a cell of another type, or a
/// column the row lacks, is a ``ReportStoreError``, never a trap.
struct SQLiteStoredRow<Record: StoredRecord>: StoredRow {
    let row: Row

    func text(_ column: String) throws(ReportStoreError) -> String { try decode(column) }
    func optionalText(_ column: String) throws(ReportStoreError) -> String? { try decode(column) }
    func double(_ column: String) throws(ReportStoreError) -> Double { try decode(column) }
    func integer(_ column: String) throws(ReportStoreError) -> Int { try decode(column) }

    private func decode<Value: DatabaseValueConvertible>(_ column: String) throws(ReportStoreError) -> Value {
        do {
            return try row.decode(Value.self, forColumn: column)
        } catch {
            let id = (try? row.decode(String.self, forColumn: "id")) ?? ""
            throw .storage(
                "reading \(Record.storedNoun) \(id)",
                "a value of another type; the file was changed by another program (\(error))")
        }
    }
}

extension SQLiteReportStore {
    /// The record in `row` (a row of `Record.storedColumns`).
    static func record<Record: StoredRecord>(_ row: Row) throws(ReportStoreError) -> Record {
        try Record(stored: SQLiteStoredRow<Record>(row: row))
    }

    /// The records `sql` selects (in `Record.storedColumns`), `what` naming the read in errors.
    func records<Record: StoredRecord>(_ what: String, sql: String, arguments: StatementArguments)
        throws(ReportStoreError) -> [Record]
    {
        try read(what) { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row throws(ReportStoreError) in
                try Self.record(row)
            }
        }
    }

    /// A page of `table`'s records in identifier order, after `afterID` (from the first when
    /// `nil`), at most `limit`.
    func page<Record: StoredRecord>(_ what: String, from table: String, afterID: String?, limit: Int)
        throws(ReportStoreError) -> [Record]
    {
        try records(
            what, sql: "SELECT \(Record.storedColumnList) FROM \(table) WHERE ? IS NULL OR id > ? ORDER BY id LIMIT ?",
            arguments: [afterID, afterID, max(0, limit)])
    }
}
