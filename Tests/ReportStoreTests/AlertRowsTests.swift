import Foundation
import GRDB
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import SQLiteReportStore
import Testing

/// Alert rows another program wrote badly (an unknown kind, a place that is not a number, headers
/// that are not JSON, a count too large for an `Int`, an unknown state, a time in another form)
/// are reported as storage errors naming the row, never a trap, in both engines.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct AlertRowsTests {
    static let subscription = """
        INSERT INTO subscription (id, email, latitude, longitude, radius_m, kinds, species, token, created_at)
        VALUES ('sub-bad', 'ann@example.org', %@, 21.0, 5000, %@, '', 'token-bad', %@)
        """
    static let mail = """
        INSERT INTO outbox_mail (id, recipient, subject, text, headers, queued_at, due_at, attempts, state)
        VALUES ('m-bad', 'ann@example.org', 'Subject', 'Text', %@, '2030-01-01T00:00:00.000Z',
                '2030-01-01T00:00:00.000Z', %@, %@)
        """

    /// Each bad row in turn: what it is, its statement, and the call that must report it.
    static func cases(_ sqliteOnly: Bool) -> [(String, String, @Sendable (any AlertStore) async throws -> Void)] {
        let good = "'2030-01-01T00:00:00.000Z'"
        let listing: @Sendable (any AlertStore) async throws -> Void = {
            _ = try await $0.subscriptions(afterID: nil, limit: 10)
        }
        let reading: @Sendable (any AlertStore) async throws -> Void = { _ = try await $0.outboxMail(id: "m-bad") }
        let summing: @Sendable (any AlertStore) async throws -> Void = { _ = try await $0.outboxSummary() }
        var cases: [(String, String, @Sendable (any AlertStore) async throws -> Void)] = [
            ("an unknown kind", String(format: subscription, "52.2", "'found,bogus'", good), listing),
            (
                "a creation time in another form", String(format: subscription, "52.2", "'found'", "'yesterday'"),
                listing
            ),
            ("headers that are not JSON", String(format: mail, "'{'", "0", "'queued'"), reading),
        ]
        if sqliteOnly {
            // PostgreSQL's column types and CHECK constraints refuse these before they are stored.
            cases += [
                ("a latitude that is not a number", String(format: subscription, "'north'", "'found'", good), listing),
                ("a latitude out of range", String(format: subscription, "95.0", "'found'", good), listing),
                ("an attempt count too large", String(format: mail, "'[]'", "1e30", "'queued'"), reading),
                ("an unknown state", String(format: mail, "'[]'", "0", "'lost'"), summing),
            ]
        }
        return cases
    }

    static func expectStorageError(
        _ what: String, _ store: any AlertStore, _ call: (any AlertStore) async throws -> Void
    )
        async
    {
        do {
            try await call(store)
            Issue.record("\(what) was read without an error")
        } catch let error as ReportStoreError {
            #expect(error.reason == .storage, "\(what): \(error)")
            // The row by its id, or (a summary, which reads no row alone) the bad value.
            #expect(
                error.description.contains("-bad") || error.description.contains("\"lost\""),
                "\(what): the error names neither the row nor the value: \(error)")
        } catch {
            Issue.record("\(what) threw \(error), not a ReportStoreError")
        }
    }

    @Test func sqliteReportsBadAlertRows() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("reports.sqlite")
        for (what, statement, call) in Self.cases(true) {
            try await StoreSchemaTests.sqlite(path) { db in
                try db.execute(sql: "DELETE FROM subscription; DELETE FROM outbox_mail")
                try db.execute(sql: statement)
            }
            let store = try SQLiteReportStore(path: path)
            await Self.expectStorageError(what, store, call)
            await store.close()
        }
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func postgresReportsBadAlertRows() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let store = try await PostgresReportStore.open(address)
            for (what, statement, call) in Self.cases(false) {
                _ = try await server.psql(
                    "DELETE FROM subscription; DELETE FROM outbox_mail; \(statement)", database: address.database)
                await Self.expectStorageError(what, store, call)
            }
            await store.close()
        } catch {
            Issue.record("\(error)\n\(server.logText.suffix(2000))")
        }
        await server.stop()
    }
}
