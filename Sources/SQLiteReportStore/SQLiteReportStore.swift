import Foundation
import GRDB
public import Geodata
import Geodesy
public import ReportStore

/// The embedded store: one SQLite file in WAL mode (GRDB), versioned migrations applied when it
/// opens, every change in a transaction; nearby search through the in-process
/// ``LiveNearbyIndex``, loaded from the file on the first nearby query and kept in step with
/// every change made through this store.
///
/// Another process may read and write the file at the same time (WAL): a command such as
/// `petspot reports close` beside a running server. The index notices such a change at its next
/// query (SQLite's `data_version` on the writer connection, which moves only when another
/// connection committed) and is loaded again from the file.
///
/// ```swift
/// let store = try SQLiteReportStore(path: StoreURL.defaultSQLitePath())
/// try await store.add([report])
/// ```
public actor SQLiteReportStore: ReportStore {
    /// The file.
    public let path: String
    let pool: DatabasePool
    var index: LiveNearbyIndex?
    /// `PRAGMA data_version` of the writer connection when ``index`` was loaded: this process
    /// writes only through that connection, so a new value means another process committed.
    var indexDataVersion: Int?
    /// The consumer of ``changeSignals()``, if any.
    var signals: AsyncStream<Void>.Continuation?

    /// Opens (or creates, with its folder) the store at `path` and applies the migrations, or
    /// does what `schema` says instead (``SchemaUse``).
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when the file cannot be opened or
    ///   created, is not SQLite, belongs to another program, was made by a newer petspot, or,
    ///   with ``SchemaUse/current``, needs migrating.
    public init(path: String, schema: SchemaUse = .migrate) throws(ReportStoreError) {
        self.path = path
        let name = "sqlite:\(path)"
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .unavailable(name, "its folder \(folder) cannot be created (\(Self.reason(error))).")
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unavailable(name, "it is a directory; name a file, such as sqlite:\(path)/reports.sqlite.")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "petspot.reports"
        // A 64 MB page cache, so that a large import does not spill pages to the WAL mid-way.
        // synchronous FULL: GRDB's DatabasePool sets NORMAL with WAL, under which a power loss
        // may undo commits already acknowledged; FULL syncs the WAL at every commit, so an
        // acknowledged report is on disk (one fsync a change; an import is one transaction).
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -65536")
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw .unavailable(name, Self.reason(error))
        }
        try Self.openSchema(pool, name: name, schema: schema)
    }

    /// The most connections to the file: GRDB's pool of readers, and the one writer.
    public static let maximumConnections = Configuration().maximumReaderCount + 1

    // MARK: Changes

    public func add(_ reports: [PetReport]) throws(ReportStoreError) {
        for report in reports { try report.validate() }
        try write("adding reports") { db in
            var insert = try ReportInsert(db, ignoringDuplicates: false, createdAt: Self.now())
            for report in reports { _ = try insert.insert(report) }
            try Self.catching { for report in reports { try Self.logEvent(.created, of: report, in: db) } }
        }
        index?.upsert(contentsOf: reports.compactMap(\.indexEntry))
        signalChange()
    }

    public func setStatus(_ status: ReportStatus, id: String) throws(ReportStoreError) -> PetReport {
        // One writer at a time (SQLite's write lock, taken by the transaction): the status read
        // here is the one the update replaces.
        let (report, changed) = try write("changing the status of \(id)") { db -> (PetReport, Bool) in
            var report = try Self.fetch(db, id: id)
            guard report.status != status else { return (report, false) }
            do throws(StatusTransitionError) {
                try StatusTransitions.check(report, to: status)
            } catch {
                throw ReportStoreError.transition(error)
            }
            try Self.catching {
                try db.execute(sql: "UPDATE report SET status = ? WHERE id = ?", arguments: [status.rawValue, id])
            }
            report.status = status
            try Self.catching { try Self.logEvent(.changed, of: report, in: db) }
            return (report, true)
        }
        guard changed else { return report }
        if index != nil {
            if let entry = report.indexEntry { index?.upsert(entry) } else { index?.remove(id: id) }
        }
        signalChange()
        return report
    }

    public func setOwnerTokenHash(_ hash: String?, id: String) throws(ReportStoreError) -> PetReport {
        if let hash, !OwnerTokenHash.isWellFormed(hash) {
            throw .invalidReport("ownerTokenHash must be 64 lower-case hexadecimal digits")
        }
        return try write("changing the owner of \(id)") { db -> PetReport in
            try Self.catching {
                try db.execute(sql: "UPDATE report SET owner_token_hash = ? WHERE id = ?", arguments: [hash, id])
            }
            guard db.changesCount > 0 else { throw ReportStoreError.notFound(id) }
            return try Self.fetch(db, id: id)
        }
    }

    public func remove(id: String) throws(ReportStoreError) {
        try write("removing \(id)") { db in
            let report = try Self.fetch(db, id: id)
            try Self.catching {
                try db.execute(sql: "DELETE FROM report WHERE id = ?", arguments: [id])
                try Self.logEvent(.removed, of: report, in: db)
            }
        }
        index?.remove(id: id)
        signalChange()
    }

    // MARK: Reading

    public func report(id: String) throws(ReportStoreError) -> PetReport {
        try read("reading \(id)") { db in try Self.fetch(db, id: id) }
    }

    public func report(idempotencyKey key: String) throws(ReportStoreError) -> PetReport? {
        try read("reading the report of an idempotency key") { db in
            let row = try Self.catching {
                try Row.fetchOne(
                    db, sql: "SELECT \(Self.columnList) FROM report WHERE idempotency_key = ?", arguments: [key])
            }
            return try row.map { row throws(ReportStoreError) in try PetReport(row: row) }
        }
    }

    public func list(_ query: ReportListQuery) throws(ReportStoreError) -> [PetReport] {
        try read("listing reports") { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let kind = query.kind {
                conditions.append("kind = ?")
                arguments += [kind.rawValue]
            }
            if let status = query.status {
                conditions.append("status = ?")
                arguments += [status.rawValue]
            }
            if let after = query.after {
                conditions.append("id > ?")
                arguments += [after]
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            arguments += [query.limit]
            let rows = try Self.catching {
                try Row.fetchAll(
                    db, sql: "SELECT \(Self.columnList) FROM report \(filter) ORDER BY id LIMIT ?",
                    arguments: arguments)
            }
            var reports: [PetReport] = []
            for row in rows { reports.append(try PetReport(row: row)) }
            return reports
        }
    }

    public func count() throws(ReportStoreError) -> Int {
        try read("counting reports") { db in
            try Self.catching { try Int.fetchOne(db, sql: "SELECT count(*) FROM report") ?? 0 }
        }
    }

    public func nearby(_ location: Coordinate, margin: SearchRadius, limit: Int?) throws(ReportStoreError)
        -> NearbyResult
    {
        let index = try loadedIndex()
        let matches = index.matches(near: location, margin: margin)
        return NearbyResult(
            matches: limit.map { Array(matches.prefix(max($0, 0))) } ?? matches, count: matches.count,
            searched: index.count)
    }

    /// Builds the nearby index from the file now, if the first nearby query has not (a
    /// server does it before it listens).
    ///
    /// - Returns: how many open missing reports it holds.
    @discardableResult
    public func prepareForQueries() throws(ReportStoreError) -> Int? {
        try loadedIndex().count
    }

    public func ping(within timeout: Duration) throws(ReportStoreError) {
        _ = try read("checking the store") { db in
            try Self.catching { try Int.fetchOne(db, sql: "SELECT 1") }
        }
    }

    /// Checkpoints the write-ahead log into the file (so the file alone is the whole store once
    /// the last user has closed it) and closes the connections.
    public func close() {
        signals?.finish()
        // PASSIVE never waits for another process's readers; with none (a server stopping, a
        // command ending on its own) it moves every page into the file, and the WAL is emptied.
        _ = try? pool.writeWithoutTransaction { db in
            try db.checkpoint(.passive)
            try db.checkpoint(.truncate)
        }
        try? pool.close()
    }

    func loadedIndex() throws(ReportStoreError) -> LiveNearbyIndex {
        let version = try Self.catching("checking the store for other writers") {
            try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
        if let index, version == indexDataVersion { return index }
        let entries = try read("loading the nearby index") { db -> [LiveNearbyIndex.Entry] in
            try Self.catching {
                var entries: [LiveNearbyIndex.Entry] = []
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT id, latitude, longitude, radius_m, species, last_seen_date, gender, microchip_number
                        FROM report
                        WHERE kind = 'missing' AND status = 'ACTIVE' AND latitude IS NOT NULL AND radius_m IS NOT NULL
                        ORDER BY id
                        """)
                while let row = try rows.next() {
                    let id: String = row[0]
                    guard let coordinate = try? Coordinate(latitude: row[1], longitude: row[2]),
                        let radius = try? SearchRadius(meters: row[3])
                    else {
                        throw ReportStoreError.storage("loading the nearby index", "report \(id) has a bad place")
                    }
                    entries.append(
                        LiveNearbyIndex.Entry(
                            report: NearbyReport(id: id, coordinate: coordinate, radius: radius),
                            facts: MatchFacts(
                                species: row[4], lastSeenDate: row[5], gender: row[6], microchipNumber: row[7])))
                }
                return entries
            }
        }
        let built = LiveNearbyIndex(entries: entries)
        index = built
        indexDataVersion = version
        return built
    }
}
