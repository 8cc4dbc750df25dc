import Foundation
import PostgresReportStore
public import ReportStore
import SQLiteReportStore
public import ServiceLifecycle

/// Opens the store a ``StoreURL`` names, whatever its engine — for the length of a command
/// (``withStore(_:_:)``), or for a server that runs what the store needs in its
/// `ServiceGroup` (``served(_:)``). Neither leaves a task behind.
///
/// ```swift
/// let count = try await ReportStoreOpener.withStore(try StoreURL.resolve(options.store)) { store in
///     try await store.count()
/// }
/// ```
public enum ReportStoreOpener {
    /// Runs `body` with the store at `url` open and migrated (or its schema used as `schema`
    /// says: a read-only command gives ``SchemaUse/current``), and closes it afterwards; a
    /// PostgreSQL store's connection pool runs in a child task for exactly that long.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when it cannot be opened or reached,
    ///   or what `body` throws.
    public static func withStore<T>(
        _ url: StoreURL, schema: SchemaUse = .migrate, _ body: (any ReportStore) async throws -> T
    ) async throws -> T {
        switch url {
        case .sqlite(let path):
            let store = try SQLiteReportStore(path: path, schema: schema)
            do {
                let value = try await body(store)
                await store.close()
                return value
            } catch {
                await store.close()
                throw error
            }
        case .postgres(let address):
            return try await PostgresReportStore.withStore(address, schema: schema) { store in try await body(store) }
        }
    }

    /// The store's engine, schema version, reports and size, its schema left as it is.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when it cannot be opened or reached;
    ///   for an SQLite file that is not there, so (none is made).
    public static func status(_ url: StoreURL) async throws(ReportStoreError) -> StoreStatus {
        do {
            switch url {
            case .sqlite(let path):
                guard FileManager.default.fileExists(atPath: path) else {
                    throw ReportStoreError.unavailable(url.description, "there is no store there yet.")
                }
                let store = try SQLiteReportStore(path: path, schema: .asItIs)
                let status = try await store.status()
                await store.close()
                return status
            case .postgres(let address):
                return try await PostgresReportStore.withStore(address, schema: .asItIs) { store in
                    try await store.status()
                }
            }
        } catch let error as ReportStoreError {
            throw error
        } catch {
            throw .storage("reading its status", "\(error)")
        }
    }

    /// Applies the migrations this petspot has and the store has not (making the store when
    /// there is none), and returns the schema version before and after.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when it cannot be opened or reached,
    ///   or holds a schema from a newer petspot.
    public static func migrate(_ url: StoreURL) async throws(ReportStoreError) -> (from: Int, to: Int) {
        let before: Int
        switch url {
        case .sqlite(let path) where !FileManager.default.fileExists(atPath: path): before = 0
        default: before = try await status(url).schemaVersion
        }
        do {
            let after = try await withStore(url, schema: .migrate) { store in
                if let sqlite = store as? SQLiteReportStore { return try await sqlite.status().schemaVersion }
                if let postgres = store as? PostgresReportStore { return try await postgres.status().schemaVersion }
                return 0
            }
            return (before, after)
        } catch let error as ReportStoreError {
            throw error
        } catch {
            throw .storage("migrating", "\(error)")
        }
    }

    /// The store at `url` for a server: an SQLite file is opened at once and locked for this
    /// server alone (``SQLiteServeLock``); a PostgreSQL store connects once its pool runs among
    /// the server's services (``ServedReportStore``), and any number of servers may share it.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when an SQLite file cannot be opened,
    ///   or another server serves it.
    public static func served(_ url: StoreURL) throws(ReportStoreError) -> ServedReportStore {
        switch url {
        case .sqlite(let path):
            let store = try SQLiteReportStore(path: path)
            // One server per SQLite file: held as long as the served store is.
            let lock = try SQLiteServeLock(storePath: path)
            return ServedReportStore(
                store: store, services: [], lock: lock, maximumConnections: SQLiteReportStore.maximumConnections
            ) { () throws(ReportStoreError) in
                try await store.prepareForQueries()
            }
        case .postgres(let address):
            let store = PostgresReportStore(address)
            return ServedReportStore(
                store: store, services: [store], lock: nil, maximumConnections: PostgresReportStore.maximumConnections
            ) { () throws(ReportStoreError) in
                try await store.prepare()
                return try await store.prepareForQueries()
            }
        }
    }
}

extension ReportStoreOpener {
    /// A consistent copy of the SQLite store at `url` in the new file `destination`, while a
    /// server may be writing to it (``SQLiteReportStore/backup(to:)``).
    ///
    /// - Returns: the reports in the copy and its size in bytes.
    /// - Throws: ``ReportStoreError``: the store cannot be opened, `destination` exists, the copy
    ///   fails its check; for a PostgreSQL store, what to use instead (`pg_dump`).
    public static func backup(_ url: StoreURL, to destination: String) async throws(ReportStoreError) -> (
        reports: Int, bytes: Int
    ) {
        switch url {
        case .sqlite(let path):
            guard FileManager.default.fileExists(atPath: path) else {
                throw .unavailable(url.description, "there is no store there to back up.")
            }
            let store = try SQLiteReportStore(path: path)
            // Closed before returning, in this task, whether the copy was made or not.
            do throws(ReportStoreError) {
                let backup = try await store.backup(to: destination)
                await store.close()
                return (backup.reports, backup.bytes)
            } catch {
                await store.close()
                throw error
            }
        case .postgres(let address):
            throw .unavailable(
                url.description,
                "petspot reports backup copies SQLite stores; back up PostgreSQL with its own tools: pg_dump -Fc "
                    + "-h \(address.host) -p \(address.port) -U \(address.user) \(address.database) > FILE "
                    + "(Docs/Store.md, Backup and restore).")
        }
    }
}

/// A reports store for a server: the store, the services to run in the server's
/// `ServiceGroup` while it is used (a PostgreSQL store's connection pool; none for SQLite),
/// and ``prepare`` to call once they run and before the server listens.
public struct ServedReportStore: Sendable {
    /// The store the routes use.
    public let store: any ReportStore
    /// What must run beside the server: started with it, stopped after it.
    public let services: [any Service]
    /// An SQLite store's lock for this server, held as long as this value is.
    let lock: SQLiteServeLock?
    /// The most connections the store's engine keeps open (PostgreSQL's pool; SQLite's
    /// readers and writer).
    public let maximumConnections: Int
    /// Connects and migrates (PostgreSQL), then loads what queries need
    /// (``ReportStore/prepareForQueries()``); returns how many open missing reports are indexed
    /// when the store keeps an index.
    public let prepare: @Sendable () async throws(ReportStoreError) -> Int?
}
