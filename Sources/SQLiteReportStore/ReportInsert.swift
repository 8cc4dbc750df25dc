import GRDB
import GRDBSQLite
import Geodata
import Geodesy
import ReportStore

/// The prepared `INSERT` of a report, bound through SQLite's C API directly: GRDB's
/// `StatementArguments` box every value (18 per report), which made binding the largest cost
/// of an import; binding raw brings 10^6 CSV rows under 2 s (Docs/Store.md). The only file that
/// calls SQLite's C functions.
struct ReportInsert {
    private let statement: Statement
    private let connection: OpaquePointer?
    private let createdAt: String

    private let ignoringDuplicates: Bool

    /// Prepares the statement in `db`; with `ignoringDuplicates` a stored id is skipped
    /// (``insert(_:)`` returns `false`) instead of failing.
    ///
    /// A plain `INSERT` whose primary-key failure is read from the result code: an upsert
    /// (`ON CONFLICT DO NOTHING`) made SQLite open a statement journal for every row, which
    /// cost more than the row itself.
    init(_ db: Database, ignoringDuplicates: Bool, createdAt: String) throws {
        let columns = SQLiteSchema.columns + ["created_at"]
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        statement = try db.makeStatement(
            sql: "INSERT INTO report (\(columns.joined(separator: ", "))) VALUES (\(placeholders))")
        connection = db.sqliteConnection
        self.createdAt = createdAt
        self.ignoringDuplicates = ignoringDuplicates
    }

    /// `SQLITE_CONSTRAINT_PRIMARYKEY`, `SQLITE_CONSTRAINT | (6 << 8)` (a macro Swift does not import).
    private static let primaryKeyConstraint = SQLITE_CONSTRAINT | (6 << 8)

    /// SQLite's `SQLITE_TRANSIENT`: it copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Inserts `report`.
    ///
    /// - Returns: `false` when its id is stored already (only when ignoring duplicates).
    /// - Throws: ``ReportStoreError``: `duplicateID` for a stored id, `storage` otherwise.
    func insert(_ report: PetReport) throws(ReportStoreError) -> Bool {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var index: Int32 = 0
        func text(_ value: String?) {
            index += 1
            guard var value else {
                sqlite3_bind_null(handle, index)
                return
            }
            value.withUTF8 { bytes in
                _ = sqlite3_bind_text(
                    handle, index, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                    Int32(bytes.count), Self.transient)
            }
        }
        func real(_ value: Double?) {
            index += 1
            if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
        }
        func integer(_ value: Int?) {
            index += 1
            if let value { sqlite3_bind_int64(handle, index, Int64(value)) } else { sqlite3_bind_null(handle, index) }
        }
        text(report.id)
        text(report.kind.rawValue)
        text(report.status.rawValue)
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
        text(createdAt)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            if sqlite3_extended_errcode(connection) == Self.primaryKeyConstraint {
                if ignoringDuplicates { return false }
                throw .duplicateID(report.id)
            }
            let message = String(cString: sqlite3_errmsg(connection))
            throw .storage("adding report \(report.id)", message)
        }
        return true
    }
}
