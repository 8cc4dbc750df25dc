import Foundation
import GRDB
public import ReportStore

extension SQLiteReportStore {
    /// The schema version this petspot needs: its last migration's number (`v7-…` is 7).
    public static var latestSchemaVersion: Int {
        SQLiteSchema.migrator.migrations.compactMap(version(of:)).max() ?? 0
    }

    /// The number of a migration identifier: `v5-caregiver-idempotency` is 5.
    static func version(of identifier: String) -> Int? {
        guard identifier.hasPrefix("v") else { return nil }
        return Int(identifier.dropFirst().prefix { $0.isNumber })
    }

    /// Checks the file a store opens, then does what `schema` says: applies the migrations
    /// (``SchemaUse/migrate``, and ``SchemaUse/current`` for a new file: creating a store is
    /// not migrating one), or leaves it as it is.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` for a database of another program, a
    ///   schema newer than this petspot's (naming both versions; not for
    ///   ``SchemaUse/asItIs``), or, for ``SchemaUse/current``, one older than it needs (saying to
    ///   run `petspot store migrate`).
    static func openSchema(_ pool: DatabasePool, name: String, schema: SchemaUse) throws(ReportStoreError) {
        let migrator = SQLiteSchema.migrator
        let latest = latestSchemaVersion
        let version: Int
        do {
            version = try pool.read { db in
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                if !tables.isEmpty, !tables.contains("grdb_migrations") {
                    throw ReportStoreError.unavailable(
                        name,
                        "it is an SQLite database of another program (tables: "
                            + tables.prefix(5).joined(separator: ", ") + "); name another file.")
                }
                let version = try schemaVersion(db)
                let superseded = try migrator.hasBeenSuperseded(db)
                if schema != .asItIs, version > latest || superseded {
                    throw ReportStoreError.schemaNewer(name, version: version, known: latest)
                }
                return version
            }
        } catch let error as ReportStoreError {
            throw error
        } catch {
            throw .unavailable(name, reason(error))
        }
        if schema == .current && version > 0 && version < latest {
            throw .schemaOlder(name, version: version, needed: latest)
        }
        guard schema == .migrate || (schema == .current && version == 0) else { return }
        do {
            try migrator.migrate(pool)
        } catch {
            throw .unavailable(name, reason(error))
        }
    }

    /// The highest migration recorded in the file (0 for a file with none).
    static func schemaVersion(_ db: Database) throws -> Int {
        guard try db.tableExists("grdb_migrations") else { return 0 }
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").compactMap(version(of:)).max()
            ?? 0
    }

    /// The store's engine, schema version, reports and bytes on disk (the file, its
    /// write-ahead log and shared memory).
    public func status() throws(ReportStoreError) -> StoreStatus {
        let (version, reports) = try read("reading the schema version") { db in
            let version = try Self.schemaVersion(db)
            let reports =
                try db.tableExists("report") ? try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM report") ?? 0 : 0
            return (version, reports)
        }
        let bytes = ["", "-wal", "-shm"].reduce(Int64(0)) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? NSNumber
            return total + (size?.int64Value ?? 0)
        }
        return StoreStatus(
            engine: "SQLite", schemaVersion: version, latestSchemaVersion: Self.latestSchemaVersion, reports: reports,
            bytes: bytes)
    }
}
