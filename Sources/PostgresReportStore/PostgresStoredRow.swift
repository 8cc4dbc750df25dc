import PostgresNIO
import ReportStore

/// A postgres-nio row as a ``StoredRow``: a cell read by column name; a column the row lacks,
/// or a cell of another type, is a ``ReportStoreError``, never a trap.
struct PostgresStoredRow<Record: StoredRecord>: StoredRow {
    let cells: PostgresRandomAccessRow

    func text(_ column: String) throws(ReportStoreError) -> String { try decode(column) }
    func optionalText(_ column: String) throws(ReportStoreError) -> String? { try decode(column) }
    func double(_ column: String) throws(ReportStoreError) -> Double { try decode(column) }
    func integer(_ column: String) throws(ReportStoreError) -> Int { try decode(column) }

    private func decode<Value: PostgresDecodable>(_ column: String) throws(ReportStoreError) -> Value {
        guard cells.contains(column) else {
            throw .storage("reading a \(Record.storedNoun)", "the row has no column \(column)")
        }
        do {
            return try cells[column].decode(Value.self)
        } catch {
            let id = cells.contains("id") ? ((try? cells["id"].decode(String.self)) ?? "") : ""
            throw .storage(
                "reading \(Record.storedNoun) \(id)",
                "a value of another type; the database was changed by another program (\(error))")
        }
    }
}

extension PostgresReportStore {
    /// The record in `row` (a row of `Record.storedColumns`).
    static func record<Record: StoredRecord>(_ row: PostgresRow) throws(ReportStoreError) -> Record {
        try Record(stored: PostgresStoredRow<Record>(cells: row.makeRandomAccess()))
    }
}
