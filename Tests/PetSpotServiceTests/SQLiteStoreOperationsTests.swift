import Foundation
import LocationTestSupport
import Locking
import Testing

/// An SQLite store as an operator runs it: one server per file (a second refuses, commands keep
/// working beside it), the file alone is the whole store after a clean stop, and a backup made
/// while clients write holds every report acknowledged before it began.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SQLiteStoreOperationsTests {
    typealias Server = ServeCommandTests.Server

    static func create(_ port: Int) async throws -> String? {
        let answer = try await TestServer(port: port).request(
            "POST", "/v1/reports/found", headers: ExampleRequests.json, body: Array(ExampleRequests.foundBody.utf8))
        guard answer.status == 201 else { return nil }
        return answer.header("location").map { String($0.split(separator: "/").last ?? "") }
    }

    /// `PRAGMA integrity_check` and the report count of the SQLite file at `path`, by Python's
    /// own sqlite3 (not this package's code).
    static func inspect(_ path: String) async throws -> (check: String, reports: Int) {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            print(db.execute("pragma integrity_check").fetchone()[0])
            print(db.execute("select count(*) from report").fetchone()[0])
            """
        let run = try await ProcessRun.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, path])
        let lines = run.stdout.split(separator: "\n")
        return (lines.first.map(String.init) ?? run.stderr, lines.count > 1 ? Int(lines[1]) ?? -1 : -1)
    }

    @Test func aSecondServerOnTheSameFileIsRefusedAndCommandsKeepWorking() async throws {
        let folder = try TemporaryStoreFolder()
        let store = ["--store", "sqlite:" + folder.path, "--log-level", "error"]
        let first = try Server(store)
        defer { first.stop() }
        let port = try #require(await first.port(), "\(first.output)")
        #expect(try await Self.create(port) != nil)
        let second = try await ProcessRun.run(
            PetSpotBinary.url, ["serve", "--port", "0"] + store, timeout: .seconds(60))
        #expect(second.status == 1)
        #expect(
            second.stderr.contains("another petspot serve (process \(first.process.processIdentifier))"),
            "\(second.stderr)")
        #expect(second.stderr.contains("PostgreSQL"))
        // A command beside the running server.
        let list = try await ProcessRun.run(PetSpotBinary.url, ["reports", "list", "--json"] + store.prefix(2))
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\"FOUND\""))
        // Once the first stops, a server may start again.
        first.stop()
        first.process.waitUntilExit()
        let again = try Server(store)
        defer { again.stop() }
        #expect(await again.port() != nil, "\(again.output)")
    }

    /// The ids `GET /v1/reports/nearby` finds around Warsaw's centre on the server at `port`.
    static func nearbyIDs(_ port: Int) async throws -> [String] {
        let answer = try await TestServer(port: port).request("/v1/reports/nearby?from=52.2297,21.0122")
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return (object?["matches"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    }

    @Test func whatACommandChangesBesideTheServerReachesItsNearbyAnswers() async throws {
        let folder = try TemporaryStoreFolder()
        let store = ["--store", "sqlite:" + folder.path]
        let server = try Server(store + ["--log-level", "error"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        #expect(try await Self.nearbyIDs(port) == [])
        let file = folder.path + ".csv"
        try "a,52.2297,21.0122,5\nb,52.2297,21.0122,5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await ProcessRun.run(PetSpotBinary.url, ["reports", "import", file] + store)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await Self.nearbyIDs(port) == ["a", "b"])
        let closed = try await ProcessRun.run(PetSpotBinary.url, ["reports", "close", "a"] + store)
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(try await Self.nearbyIDs(port) == ["b"])
        let removed = try await ProcessRun.run(PetSpotBinary.url, ["reports", "remove", "b"] + store)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await Self.nearbyIDs(port) == [])
    }

    @Test func afterACleanStopTheFileAloneIsTheStore() async throws {
        let folder = try TemporaryStoreFolder()
        let server = try Server(["--store", "sqlite:" + folder.path, "--log-level", "error", "--rate-limit", "0"])
        let port = try #require(await server.port(), "\(server.output)")
        for _ in 0..<100 { #expect(try await Self.create(port) != nil) }
        server.stop()
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
        let wal = (try? FileManager.default.attributesOfItem(atPath: folder.path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "the -wal holds \(wal) bytes after a clean stop")
        // The file copied alone holds all 100.
        let copy = folder.path + ".copy"
        try FileManager.default.copyItem(atPath: folder.path, toPath: copy)
        let (check, reports) = try await Self.inspect(copy)
        #expect(check == "ok")
        #expect(reports == 100)
    }

    @Test func aBackupWhileFourClientsWriteHoldsEveryReportAcknowledgedBeforeIt() async throws {
        let folder = try TemporaryStoreFolder()
        let server = try Server(["--store", "sqlite:" + folder.path, "--log-level", "error", "--rate-limit", "0"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let acknowledged = Locked([String]())
        let writing = Locked(true)
        let writers = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        while writing.withLock({ $0 }) {
                            if let id = try? await Self.create(port) { acknowledged.withLock { $0.append(id) } }
                        }
                    }
                }
            }
        }
        #expect(await eventually(hangGuard) { acknowledged.withLock { $0.count } >= 200 })
        let before = Set(acknowledged.withLock { $0 })
        let copy = folder.path + ".backup"
        let backup = try await ProcessRun.run(
            PetSpotBinary.url, ["reports", "backup", copy, "--store", "sqlite:" + folder.path], timeout: .seconds(120))
        let afterCount = acknowledged.withLock { $0.count }
        writing.withLock { $0 = false }
        await writers.value
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.contains("integrity ok"))
        #expect(afterCount > before.count, "the clients did not write during the backup")
        let (check, reports) = try await Self.inspect(copy)
        #expect(check == "ok")
        #expect(reports >= before.count)
        let listed = try await ProcessRun.run(
            PetSpotBinary.url, ["reports", "list", "--json", "--limit", "10000", "--store", "sqlite:" + copy])
        for id in before { #expect(listed.stdout.contains("\"\(id)\""), "\(id) is not in the backup") }
        // A backup never replaces a file.
        let again = try await ProcessRun.run(
            PetSpotBinary.url, ["reports", "backup", copy, "--store", "sqlite:" + folder.path])
        #expect(again.status == 1 && again.stderr.contains("exists"), "\(again.stderr)")
    }
}
