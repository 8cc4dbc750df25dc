import Foundation
import Geodata
import Geodesy
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Testing

extension PostgresReportStore {
    /// A prepared store whose pool runs in a task of its own until ``close()`` ends it: the
    /// open-then-close shape `ReportStoreContract` asks of a store (it opens one again after
    /// closing the first). Commands run the pool for their length (`withStore`) and the
    /// server in its `ServiceGroup`; only these tests keep it past one scope.
    static func open(_ address: StoreURL.PostgresAddress, timeout: Duration = .seconds(15))
        async throws(ReportStoreError) -> PostgresReportStore
    {
        let store = PostgresReportStore(address, timeout: timeout)
        Task { await store.run() }
        do {
            try await store.prepare()
        } catch {
            await store.close()
            throw error
        }
        return store
    }
}

/// The store's connection pool has a lifetime someone else owns: `withStore` runs it for
/// exactly its body (the server's connections are gone when it returns), and `run()` ends at
/// `close()`.
@Suite(.serialized, .timeLimit(.minutes(5)), .enabled(if: PostgresServer.shouldRun))
struct PostgresStoreLifecycleTests {
    /// The connections to `database` other than the asking one.
    static func connections(_ server: PostgresServer, _ database: String) async throws -> Int {
        let text = try await server.psql(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()",
            database: "postgres")
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// ``connections(_:_:)`` once the server has let the closed ones go: a backend leaves
    /// `pg_stat_activity` a moment after its client hung up, so the server is asked again until
    /// it reports none or a minute has passed (its backend's exit is the event; nothing tells
    /// this test about it).
    static func connectionsAfterClosing(_ server: PostgresServer, _ database: String) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let count = try await connections(server, database)
            if count == 0 || ContinuousClock.now >= deadline { return count }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func withStoreRunsThePoolForItsBodyOnly() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let during = try await PostgresReportStore.withStore(address) { store in
                try await store.add([
                    try PetReport.missing(id: "a", coordinate: Coordinate(latitude: 1, longitude: 1), radius: .zero)
                ])
                #expect(try await store.count() == 1)
                return try await Self.connections(server, address.database)
            }
            #expect(during >= 1, "the pool was connected inside the body")
            #expect(
                try await Self.connectionsAfterClosing(server, address.database) == 0, "and closed when it returned")
            // What was added lasts for the next command.
            let count = try await PostgresReportStore.withStore(address) { store in try await store.count() }
            #expect(count == 1)
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    @Test func runEndsAtCloseAndThePoolLetsGo() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let store = PostgresReportStore(address)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.run() }
                try await store.prepare()
                #expect(try await store.count() == 0)
                await store.close()
                // run() returns by itself: the group waits for it here.
                try await group.waitForAll()
            }
            #expect(try await Self.connectionsAfterClosing(server, address.database) == 0)
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }
}
