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

    /// The records in `rows` (rows of `Record.storedColumns`).
    static func records<Record: StoredRecord>(_ rows: PostgresRowSequence) async throws -> [Record] {
        var records: [Record] = []
        for try await row in rows { records.append(try record(row)) }
        return records
    }

    /// The records `query` selects (in `Record.storedColumns`), `what` naming the read in errors.
    func records<Record: StoredRecord & Sendable>(_ what: String, _ query: PostgresQuery) async throws(ReportStoreError)
        -> [Record]
    {
        try await call(what) { client, logger in try await Self.records(client.query(query, logger: logger)) }
    }

    /// A page of `table`'s records in identifier order, after `afterID` (from the first when
    /// `nil`), at most `limit`.
    func page<Record: StoredRecord & Sendable>(_ what: String, from table: String, afterID: String?, limit: Int)
        async throws(ReportStoreError) -> [Record]
    {
        try await records(
            what,
            """
            SELECT \(unescaped: Record.storedColumnList) FROM \(unescaped: table)
            WHERE \(afterID)::text IS NULL OR id > \(afterID) ORDER BY id LIMIT \(max(0, limit))
            """)
    }
}
