import Foundation
import LocationTestSupport
import ReportStore
import ReportStoreTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `petspot serve` under systemd's `Type=notify` (the real binary, a datagram socket the test
/// binds as `NOTIFY_SOCKET`): `READY=1` only once the port answers — after the store's
/// migrations, however long they take — `STOPPING=1` on SIGTERM, and `WATCHDOG=1` at half of
/// `WATCHDOG_USEC`.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SystemdNotifyTests {
    typealias Server = ServeCommandTests.Server

    @Test func readyOnceItAnswersAndStoppingOnSIGTERM() async throws {
        let socket = try NotifySocket()
        // A port known beforehand, so that the test asks it the moment READY=1 arrives.
        let port = try PostgresServer.freePortForTests()
        let server = try Server(
            ["--log-level", "warning"], environment: ["NOTIFY_SOCKET": socket.address, "PETSPOT_PORT": String(port)])
        defer { server.stop() }
        let ready = try #require(await socket.receive(until: "READY=1", within: 60), "\(server.output)")
        // When systemd hears READY=1 the port already answers, and nothing was said before it.
        #expect(try await TestServer(port: port).request("/healthz").status == 200)
        #expect(ready.count == 1, "\(ready)")
        #expect(ready.last?.contains("STATUS=listening on 127.0.0.1:\(port)") == true)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await socket.receive(until: "STOPPING=1", within: 30) != nil)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test func theWatchdogIsPingedAtHalfItsIntervalOnAnAbstractSocket() async throws {
        let socket = try NotifySocket(abstract: true)
        let server = try Server(
            ["--log-level", "warning"], environment: ["NOTIFY_SOCKET": socket.address, "WATCHDOG_USEC": "200000"])
        defer { server.stop() }
        #expect(await socket.receive(until: "READY=1", within: 60) != nil, "\(server.output)")
        var pings = 0
        let start = ContinuousClock.now
        while pings < 5, let message = await socket.receive(within: 10) {
            if message == "WATCHDOG=1" { pings += 1 }
        }
        let elapsed = start.duration(to: .now)
        #expect(pings == 5, "\(pings) pings")
        // Five pings 100 ms apart: well under the 200 ms watchdog each, and not a busy loop.
        #expect(elapsed >= .milliseconds(300), "\(elapsed)")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await socket.receive(until: "STOPPING=1", within: 30) != nil)
    }

    /// A migration that waits (another petspot holds the migration lock) keeps READY=1 back
    /// until it is done and the server listens.
    @Test(.enabled(if: PostgresServer.shouldRun))
    func readyWaitsForASlowMigration() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let holder = try LockHolder(database: database, name: address.database)
            #expect(await eventually(hangGuard) { await holder.holds() }, "the test never got the migration lock")
            let socket = try NotifySocket()
            let port = try PostgresServer.freePortForTests()
            let server = try Server(
                [
                    "--store", "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)",
                    "--log-level", "warning",
                ], environment: ["NOTIFY_SOCKET": socket.address, "PETSPOT_PORT": String(port)])
            defer { server.stop() }
            // The server's migration waits on the lock: it has not said it is ready, nor listened.
            #expect(await eventually(hangGuard) { await holder.othersWaiting() > 0 }, "\(server.output)")
            #expect(await socket.receive(within: 0.5) == nil)
            #expect(server.listeningPort == nil)
            #expect((try? await TestServer(port: port).request("GET", "/healthz", timeout: .seconds(2))) == nil)
            await holder.release()
            #expect(await socket.receive(until: "READY=1", within: 60) != nil, "\(server.output)")
            #expect(try await TestServer(port: port).request("/readyz").status == 200)
            #expect(
                try await database.psql("SELECT max(version) FROM petspot_migrations", database: address.database)
                    .trimmingCharacters(in: .whitespacesAndNewlines) != "")
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    /// A `psql` session holding the PostgreSQL store's migration lock (`pg_advisory_lock`).
    final class LockHolder: Sendable {
        let process: Process
        let database: PostgresServer
        let name: String

        init(database: PostgresServer, name: String) throws {
            self.database = database
            self.name = name
            process = Process()
            let psql = PostgresServer.binaries + "/psql"
            let arguments = [
                "-h", "127.0.0.1", "-p", String(database.port), "-U", "postgres", "-d", name, "-X", "-c",
                "SELECT pg_advisory_lock(\(Self.lockKey)); SELECT pg_sleep(600);",
            ]
            if getuid() == 0 {
                process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
                process.arguments = ["-u", "postgres", "--", psql] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: psql)
                process.arguments = arguments
            }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// The store's migration lock (`PostgresSchema.lockKey`).
        static let lockKey = 0x5053_5054

        func holds() async -> Bool {
            (try? await database.psql(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = \(Self.lockKey) AND granted",
                database: name))?.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }

        func othersWaiting() async -> Int {
            Int(
                (try? await database.psql(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = \(Self.lockKey) AND NOT granted",
                    database: name))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        }

        /// Ends the holding session (its lock goes with it) and the `psql` that opened it.
        func release() async {
            _ = try? await database.psql(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' "
                    + "AND objid = \(Self.lockKey) AND granted", database: name)
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        }
    }
}
