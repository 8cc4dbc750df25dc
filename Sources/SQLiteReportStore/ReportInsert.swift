import GRDB
import GRDBSQLite
import Geodata
import Geodesy
import ReportStore

/// The prepared `INSERT` of reports, bound through SQLite's C API directly: GRDB's
/// `StatementArguments` box every value (19 per report), which made binding the largest cost
/// of an import. The only file that calls SQLite's C functions.
///
/// An import writes ``batchSize`` reports per statement (one multi-row `INSERT`): SQLite's
/// cost per executed statement (starting it, the VDBE's setup, halting it) was as large as the
/// row itself, and 10^6 rows went from 1.6 s to 1.0 s of SQLite's own time (Docs/Store.md).
/// A batch that meets a stored or repeated id is undone by SQLite (the statement aborts) and
/// written again one report at a time, so that every such row is found and listed.
///
/// SQLite keeps a statement's bindings between executions, so only what changed is bound:
/// the creation time once, the kind and the status when they differ from the last report
/// bound in that place, a missing field's `NULL` only when that place held a value.
struct ReportInsert {
    /// Reports per multi-row statement of an import.
    static let batchSize = 64

    private let statement: Statement
    private let batchStatement: Statement?
    private let connection: OpaquePointer?
    private let ignoringDuplicates: Bool
    private var single: BoundRows
    private var batch: BoundRows
    private var pending: [PetReport] = []
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
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        single.bind(report, row: 0)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let extended = sqlite3_extended_errcode(connection)
            if extended == Self.primaryKeyConstraint {
                if ignoringDuplicates { return false }
                throw .duplicateID(report.id)
            }
            if extended == Self.uniqueConstraint, let key = report.idempotencyKey {
                throw .duplicateIdempotencyKey(key)
            }
            throw .storage("adding report \(report.id)", String(cString: sqlite3_errmsg(connection)))
        }
        return true
    }

    /// Adds `report` (from `line`) to the batch, writing the batch when it is full; `outcome`
    /// is called, in order, with each written report, its line and whether it was inserted
    /// (`false`: its id is stored already or appears earlier). Call ``flush(_:)`` at the end.
    mutating func add(
        _ report: PetReport, line: Int, _ outcome: (PetReport, Int, Bool) -> Void
    ) throws(ReportStoreError) {
        pending.append(report)
        pendingLines.append(line)
        if pending.count == Self.batchSize { try flush(outcome) }
    }

    /// Writes the reports ``add(_:line:_:)`` holds.
    mutating func flush(_ outcome: (PetReport, Int, Bool) -> Void) throws(ReportStoreError) {
        guard !pending.isEmpty else { return }
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingLines.removeAll(keepingCapacity: true)
        }
        if pending.count == Self.batchSize, let handle = batchStatement?.sqliteStatement {
            for (row, report) in pending.enumerated() { batch.bind(report, row: row) }
            let code = sqlite3_step(handle)
            sqlite3_reset(handle)
            if code == SQLITE_DONE {
                for (report, line) in zip(pending, pendingLines) { outcome(report, line, true) }
                return
            }
            // A stored or repeated id aborted the statement (none of its rows stays): one by one.
            guard sqlite3_extended_errcode(connection) == Self.primaryKeyConstraint else {
                throw .storage("adding reports", String(cString: sqlite3_errmsg(connection)))
            }
        }
        for (report, line) in zip(pending, pendingLines) { outcome(report, line, try insert(report)) }
    }
}

/// The bindings of a prepared `INSERT` of `rows` reports, and what each parameter holds now.
private struct BoundRows {
    private let handle: OpaquePointer?
    /// Whether each parameter (from 0) holds a value other than `NULL`.
    private var holdsValue: [Bool]
    private var kinds: [ReportKind?]
    private var statuses: [ReportStatus?]

    /// The columns of a row, the creation time last.
    private static let width = SQLiteSchema.columns.count + 1

    /// SQLite's `SQLITE_TRANSIENT`: it copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ handle: OpaquePointer?, rows: Int, createdAt: String) {
        self.handle = handle
        holdsValue = Array(repeating: false, count: rows * Self.width)
        kinds = Array(repeating: nil, count: rows)
        statuses = Array(repeating: nil, count: rows)
        guard handle != nil else { return }
        for row in 0..<rows {
            var index = Int32(row * Self.width + Self.width)
            Self.bind(createdAt, handle, &index)
        }
    }

    private static func bind(_ value: String, _ handle: OpaquePointer?, _ index: inout Int32) {
        var value = value
        value.withUTF8 { bytes in
            _ = sqlite3_bind_text(
                handle, index, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                Int32(bytes.count), transient)
        }
    }

    /// Binds `report`'s values to the parameters of row `row`.
    mutating func bind(_ report: PetReport, row: Int) {
        let handle = handle
        let first = row * Self.width
        var index = Int32(first)
        // Parameter `index` + 1 (SQLite counts from 1) is the next one; `position` in holdsValue.
        func text(_ value: String?) {
            let position = Int(index)
            index += 1
            if let value {
                var at = index
                Self.bind(value, handle, &at)
                holdsValue[position] = true
            } else if holdsValue[position] {
                sqlite3_bind_null(handle, index)
                holdsValue[position] = false
            }
        }
        func real(_ value: Double?) {
            let position = Int(index)
            index += 1
            if let value {
                sqlite3_bind_double(handle, index, value)
                holdsValue[position] = true
            } else if holdsValue[position] {
                sqlite3_bind_null(handle, index)
                holdsValue[position] = false
            }
        }
        func integer(_ value: Int?) {
            let position = Int(index)
            index += 1
            if let value {
                sqlite3_bind_int64(handle, index, Int64(value))
                holdsValue[position] = true
            } else if holdsValue[position] {
                sqlite3_bind_null(handle, index)
                holdsValue[position] = false
            }
        }
        text(report.id)
        if kinds[row] != report.kind {
            text(report.kind.rawValue)
            kinds[row] = report.kind
        } else {
            index += 1
        }
        if statuses[row] != report.status {
            text(report.status.rawValue)
            statuses[row] = report.status
        } else {
            index += 1
        }
        real(report.coordinate?.latitude.degrees)
        real(report.coordinate?.longitude.degrees)
        real(report.radius?.meters)
        text(report.place)
        text(report.lastSeenDate)
        text(report.species)
        text(report.breed)
        text(report.gender)
        integer(report.approximateAge)
        text(report.microchipNumber)
        text(report.description)
        text(report.phone)
        text(report.email)
        text(report.photoUrl)
        text(report.reward)
        text(report.ownerTokenHash)
        text(report.caregiverPhone)
        text(report.currentAddress)
        text(report.idempotencyKey)
    }
}
