import GRDB
import GRDBSQLite
import Geodata
import Geodesy
import ReportStore

/// The prepared `INSERT` of reports, bound through SQLite's C API directly: GRDB's
/// `StatementArguments` box every value (one per field), which made binding the largest cost
/// of an import. The only file that calls SQLite's C functions. The columns are the report's
/// fields (``SQLiteSchema/fields``, the list the statement names its columns from), each
/// bound by its codec (``ReportField/value``): never by a position written here.
///
/// An import writes ``batchSize`` reports per statement (one multi-row `INSERT`): SQLite's
/// cost per executed statement (starting it, the VDBE's setup, halting it) was as large as the
/// row itself, and 10^6 rows went from 1.6 s to 1.0 s of SQLite's own time (Docs/Store.md).
/// A batch that meets a stored or repeated id is undone by SQLite (the statement aborts) and
/// written again one report at a time, so that every such row is found and listed.
///
/// SQLite keeps a statement's bindings between executions, so only what changed is bound:
/// the creation time once, the kind and the status when they differ from the last report
/// bound in that place, a missing field's `NULL` only when that place held a value. A CSV row
/// of places (``PlaceRow``) is bound from the file's bytes where they are (`SQLITE_STATIC`: no
/// copy, no `String`); a report's texts are copied by SQLite (`SQLITE_TRANSIENT`).
struct ReportInsert {
    /// Reports per multi-row statement of an import.
    static let batchSize = 64

    private let statement: Statement
    private let batchStatement: Statement?
    private let connection: OpaquePointer?
    private let ignoringDuplicates: Bool
    private var single: BoundRows
    private var batch: BoundRows
    private var pending: [InsertRow] = []
    private var pendingLines: [Int] = []

    /// Prepares the statements in `db`; with `ignoringDuplicates` a stored id is skipped
    /// (``insert(_:)`` returns `false`) instead of failing, and ``add(_:line:_:)`` batches.
    ///
    /// A plain `INSERT` whose primary-key failure is read from the result code: an upsert
    /// (`ON CONFLICT DO NOTHING`) made SQLite open a statement journal for every row, which
    /// cost more than the row itself.
    init(_ db: Database, ignoringDuplicates: Bool, createdAt: String) throws {
        let columns = SQLiteSchema.columns + ["created_at"]
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let insert = "INSERT INTO report (\(columns.joined(separator: ", "))) VALUES "
        statement = try db.makeStatement(sql: insert + row)
        batchStatement =
            ignoringDuplicates
            ? try db.makeStatement(sql: insert + Array(repeating: row, count: Self.batchSize).joined(separator: ", "))
            : nil
        connection = db.sqliteConnection
        self.ignoringDuplicates = ignoringDuplicates
        single = BoundRows(statement.sqliteStatement, rows: 1, createdAt: createdAt)
        batch = BoundRows(batchStatement?.sqliteStatement, rows: Self.batchSize, createdAt: createdAt)
        if ignoringDuplicates {
            pending.reserveCapacity(Self.batchSize)
            pendingLines.reserveCapacity(Self.batchSize)
        }
    }

    /// `SQLITE_CONSTRAINT_PRIMARYKEY`, `SQLITE_CONSTRAINT | (6 << 8)` (a macro Swift does not import).
    private static let primaryKeyConstraint = SQLITE_CONSTRAINT | (6 << 8)
    /// `SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_CONSTRAINT | (8 << 8)`: the idempotency key's index.
    private static let uniqueConstraint = SQLITE_CONSTRAINT | (8 << 8)

    /// Inserts `report` now.
    ///
    /// - Returns: `false` when its id is stored already (only when ignoring duplicates).
    /// - Throws: ``ReportStoreError``: `duplicateID` for a stored id, `duplicateIdempotencyKey`
    ///   for a stored idempotency key, `storage` otherwise.
    mutating func insert(_ report: PetReport) throws(ReportStoreError) -> Bool {
        try insert(.report(report))
    }

    private mutating func insert(_ row: InsertRow) throws(ReportStoreError) -> Bool {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        single.bind(row, row: 0)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let extended = sqlite3_extended_errcode(connection)
            if extended == Self.primaryKeyConstraint {
                if ignoringDuplicates { return false }
                throw .duplicateID(row.id)
            }
            if extended == Self.uniqueConstraint, case .report(let report) = row, let key = report.idempotencyKey {
                throw .duplicateIdempotencyKey(key)
            }
            throw .storage("adding report \(row.id)", String(cString: sqlite3_errmsg(connection)))
        }
        return true
    }

    /// Adds `row` (from `line`) to the batch, writing the batch when it is full; `outcome` is
    /// called, in order, with each written row, its line and whether it was inserted (`false`:
    /// its id is stored already or appears earlier). Call ``flush(_:)`` at the end.
    mutating func add(_ row: InsertRow, line: Int, _ outcome: (InsertRow, Int, Bool) -> Void) throws(ReportStoreError) {
        pending.append(row)
        pendingLines.append(line)
        if pending.count == Self.batchSize { try flush(outcome) }
    }

    /// Writes the rows ``add(_:line:_:)`` holds.
    mutating func flush(_ outcome: (InsertRow, Int, Bool) -> Void) throws(ReportStoreError) {
        guard !pending.isEmpty else { return }
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingLines.removeAll(keepingCapacity: true)
        }
        if pending.count == Self.batchSize, let handle = batchStatement?.sqliteStatement {
            for (position, row) in pending.enumerated() { batch.bind(row, row: position) }
            let code = sqlite3_step(handle)
            sqlite3_reset(handle)
            if code == SQLITE_DONE {
                for (row, line) in zip(pending, pendingLines) { outcome(row, line, true) }
                return
            }
            // A stored or repeated id aborted the statement (none of its rows stays): one by one.
            guard sqlite3_extended_errcode(connection) == Self.primaryKeyConstraint else {
                throw .storage("adding reports", String(cString: sqlite3_errmsg(connection)))
            }
        }
        for (row, line) in zip(pending, pendingLines) { outcome(row, line, try insert(row)) }
    }

    /// Lets go of every binding: a ``PlaceRow``'s bytes are the source's, which the statements
    /// must not point into once the source is done. The insert is not used after.
    mutating func finish() {
        sqlite3_clear_bindings(statement.sqliteStatement)
        if let handle = batchStatement?.sqliteStatement { sqlite3_clear_bindings(handle) }
    }
}

/// The bindings of a prepared `INSERT` of `rows` reports, and what each parameter holds now.
private struct BoundRows {
    private let handle: OpaquePointer?
    /// Whether each parameter (from 0) holds a value other than `NULL`.
    private var holdsValue: [Bool]
    private var kinds: [ReportKind?]
    private var statuses: [ReportStatus?]
    /// The creation time: also the renewal time of a report that has none.
    private let createdAt: String

    /// The columns of a row, the creation time last.
    private static let width = SQLiteSchema.columns.count + 1

    /// SQLite's `SQLITE_TRANSIENT`: it copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The columns of a row, from the list the statement names them from (``SQLiteSchema/fields``:
    /// `SQLiteSchema.columns` is `fields.map(\.column)`), each with its field: parameter
    /// `row * width + offset` holds `fields[offset]`, whatever order the schema gives them.
    private static let fields = Array(SQLiteSchema.fields.enumerated())

    init(_ handle: OpaquePointer?, rows: Int, createdAt: String) {
        self.handle = handle
        self.createdAt = createdAt
        holdsValue = Array(repeating: false, count: rows * Self.width)
        kinds = Array(repeating: nil, count: rows)
        statuses = Array(repeating: nil, count: rows)
        guard handle != nil else { return }
        for row in 0..<rows {
            var createdAt = createdAt
            createdAt.withUTF8 { bytes in bind(bytes, at: row * Self.width + Self.width - 1, transient: true) }
        }
    }

    /// Binds `bytes` as text to parameter `position` (from 0): copied by SQLite when
    /// `transient`, else read where they are (`SQLITE_STATIC`) until bound again.
    private mutating func bind(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, transient: Bool) {
        let text = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
        sqlite3_bind_text(
            handle, Int32(position + 1), text, Int32(clamping: bytes.count), transient ? Self.transient : nil)
        holdsValue[position] = true
    }

    private mutating func text(_ value: String?, at position: Int) {
        guard var value else { return null(at: position) }
        value.withUTF8 { bytes in bind(bytes, at: position, transient: true) }
    }

    private mutating func real(_ value: Double?, at position: Int) {
        guard let value else { return null(at: position) }
        sqlite3_bind_double(handle, Int32(position + 1), value)
        holdsValue[position] = true
    }

    private mutating func integer(_ value: Int?, at position: Int) {
        guard let value else { return null(at: position) }
        sqlite3_bind_int64(handle, Int32(position + 1), Int64(value))
        holdsValue[position] = true
    }

    /// `NULL` in parameter `position`, bound only when it held a value.
    private mutating func null(at position: Int) {
        guard holdsValue[position] else { return }
        sqlite3_bind_null(handle, Int32(position + 1))
        holdsValue[position] = false
    }

    /// The kind and the status, bound only when they differ from the last in row `row`.
    private mutating func kind(_ kind: ReportKind, row: Int, at position: Int) {
        guard kinds[row] != kind else { return }
        text(kind.rawValue, at: position)
        kinds[row] = kind
    }

    private mutating func status(_ status: ReportStatus, row: Int, at position: Int) {
        guard statuses[row] != status else { return }
        text(status.rawValue, at: position)
        statuses[row] = status
    }

    mutating func bind(_ row: InsertRow, row slot: Int) {
        switch row {
        case .report(let report): bind(report, row: slot)
        case .place(let place): bind(place, row: slot)
        }
    }

    /// Binds `report`'s values to the parameters of row `row`: each column by its field's codec.
    private mutating func bind(_ report: PetReport, row: Int) {
        let first = row * Self.width
        for (offset, field) in Self.fields {
            let position = first + offset
            switch field.value {
            case .id: text(report.id, at: position)
            case .kind: kind(report.kind, row: row, at: position)
            case .status: status(report.status, row: row, at: position)
            case .text: text(field.text(in: report), at: position)
            // A report without one is made now: at the creation time.
            case .timestamp: text(field.text(in: report) ?? createdAt, at: position)
            case .wholeNumber: integer(field.integer(in: report), at: position)
            case .latitude: real(report.coordinate?.latitude.degrees, at: position)
            case .longitude: real(report.coordinate?.longitude.degrees, at: position)
            case .radius: real(report.radius?.meters, at: position)
            }
        }
    }

    /// Binds a row of places to the parameters of row `row`, each column by its field as for a
    /// report: its bytes where they are, `NULL` for the texts it does not carry
    /// (``PlaceRow/text(_:)``) and the whole numbers.
    private mutating func bind(_ place: PlaceRow, row: Int) {
        let first = row * Self.width
        for (offset, field) in Self.fields {
            let position = first + offset
            switch field.value {
            case .id: bind(place.id, at: position, transient: false)
            case .kind: kind(place.kind, row: row, at: position)
            case .status: status(place.status, row: row, at: position)
            case .text: staticText(place.text(field), at: position)
            case .timestamp: text(createdAt, at: position)
            case .wholeNumber: null(at: position)
            case .latitude: real(place.coordinate.latitude.degrees, at: position)
            case .longitude: real(place.coordinate.longitude.degrees, at: position)
            case .radius: real(place.radius.meters, at: position)
            }
        }
    }

    private mutating func staticText(_ bytes: UnsafeBufferPointer<UInt8>?, at position: Int) {
        guard let bytes else { return null(at: position) }
        bind(bytes, at: position, transient: false)
    }
}
