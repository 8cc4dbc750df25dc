import Foundation
import GRDB
import PostgresReportStore
import ReportStore
import ReportStoreOpener
import ReportStoreTestSupport
import SQLiteReportStore
import Testing

/// A store's schema as each engine keeps it: `petspot store status` reads it as it is,
/// `petspot store migrate` brings it up to date, a read-only opening (``SchemaUse/current``)
/// never migrates and says what to run, and a schema from a newer petspot is refused naming
/// both versions. An older schema is made by taking the last migration back out.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct StoreSchemaTests {
    @Test func sqliteReadOnlyRefusesAnOlderSchemaUntilMigrated() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("reports.sqlite")
        let url = StoreURL.sqlite(path: path)
        let latest = SQLiteReportStore.latestSchemaVersion
        try await Self.sqlite(path) { db in
            // The last migration (v14) adds the sightings' photos table: taken back out, it applies again.
            try db.execute(sql: "DROP TABLE sighting_photo")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v\(latest)-%'")
        }
        #expect(try await ReportStoreOpener.status(url).schemaVersion == latest - 1)
        do {
            _ = try await ReportStoreOpener.withStore(url, schema: .current) { try await $0.count() }
            Issue.record("a read-only opening took an older schema")
        } catch let error as ReportStoreError {
            #expect(error.description.contains("version \(latest - 1)"), "\(error)")
            #expect(error.description.contains("needs version \(latest)"), "\(error)")
            #expect(error.description.contains("petspot store migrate"), "\(error)")
        }
        // Not migrated by the refused opening.
        #expect(try await ReportStoreOpener.status(url).schemaVersion == latest - 1)
        let migrated = try await ReportStoreOpener.migrate(url)
        #expect(migrated.from == latest - 1 && migrated.to == latest)
        #expect(try await ReportStoreOpener.withStore(url, schema: .current) { try await $0.count() } == 0)
        let status = try await ReportStoreOpener.status(url)
        #expect(status.engine == "SQLite" && status.isCurrent && status.reports == 0 && status.bytes > 0)
    }

    @Test func sqliteRefusesANewerSchemaNamingBothVersions() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("reports.sqlite")
        try await Self.sqlite(path) { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        for schema in [SchemaUse.migrate, .current] {
            #expect {
                _ = try SQLiteReportStore(path: path, schema: schema)
            } throws: { error in
                let text = "\(error)"
                return text.contains("version 99") && text.contains("up to \(SQLiteReportStore.latestSchemaVersion)")
            }
        }
        #expect(try await ReportStoreOpener.status(.sqlite(path: path)).schemaVersion == 99)
    }

    @Test func aReadOnlyOpeningMakesANewSQLiteStoreWhole() async throws {
        let folder = try TemporaryFolder()
        let url = StoreURL.sqlite(path: folder.path("new.sqlite"))
        #expect(try await ReportStoreOpener.withStore(url, schema: .current) { try await $0.count() } == 0)
        #expect(try await ReportStoreOpener.status(url).isCurrent)
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func postgresReadOnlyRefusesAnOlderSchemaAndANewerOne() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let url = StoreURL.postgres(address)
            let latest = PostgresReportStore.latestSchemaVersion
            #expect(try await ReportStoreOpener.migrate(url) == (0, latest))
            // The last migration (16) adds the sightings' photos table: taken back out, it
            // applies again.
            try await server.psql(
                "DROP TABLE sighting_photo; DELETE FROM petspot_migrations WHERE version = \(latest)",
                database: address.database)
            #expect(try await ReportStoreOpener.status(url).schemaVersion == latest - 1)
            await #expect {
                _ = try await ReportStoreOpener.withStore(url, schema: .current) { try await $0.count() }
            } throws: { error in
                "\(error)".contains("version \(latest - 1)") && "\(error)".contains("petspot store migrate")
            }
            #expect(try await ReportStoreOpener.status(url).schemaVersion == latest - 1)
            #expect(try await ReportStoreOpener.migrate(url) == (latest - 1, latest))
            let status = try await ReportStoreOpener.status(url)
            #expect(status.engine == "PostgreSQL" && status.isCurrent && status.bytes > 0)

            try await server.psql(
                "INSERT INTO petspot_migrations (version, name) VALUES (99, 'future')", database: address.database)
            for schema in [SchemaUse.migrate, .current] {
                await #expect {
                    _ = try await ReportStoreOpener.withStore(url, schema: schema) { try await $0.count() }
                } throws: { error in
                    "\(error)".contains("version 99") && "\(error)".contains("up to \(latest)")
                }
            }
        } catch {
            Issue.record("\(error)\n\(server.logText.suffix(2000))")
        }
        await server.stop()
    }

    /// Makes the SQLite store at `path` (migrated), then runs `change` on it with GRDB directly.
    static func sqlite(_ path: String, _ change: @escaping @Sendable (Database) throws -> Void) async throws {
        let store = try SQLiteReportStore(path: path)
        await store.close()
        let queue = try DatabaseQueue(path: path)
        try await queue.write(change)
        try queue.close()
    }
}
