import Foundation
import Geodata
import Geodesy
import ReportStore
import ReportStoreTestSupport
import SQLiteReportStore
import Testing

/// The SQLite store against the shared contract, and what only it does.
@Suite(.timeLimit(.minutes(5)))
struct SQLiteReportStoreTests {
    @Test func sqliteStorePassesTheContract() async throws {
        let directory = try TemporaryFolder()
        let path = directory.path("reports.sqlite")
        let violations = await ReportStoreContract.check { try SQLiteReportStore(path: path) }
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test func sqliteStorePassesTheAlertContract() async throws {
        let directory = try TemporaryFolder()
        let path = directory.path("reports.sqlite")
        let violations = await AlertStoreContract.check { try SQLiteReportStore(path: path) }
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test func sqliteStorePassesTheSightingContract() async throws {
        let directory = try TemporaryFolder()
        let path = directory.path("reports.sqlite")
        let violations = await SightingStoreContract.check { try SQLiteReportStore(path: path) }
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    /// Two stores on one file (two connection pools, as two processes would have) claiming at once:
    /// SQLite's one writer gives each mail to one of them; releasing the same held mails at once,
    /// one of them queues the digest.
    @Test func twoSQLiteStoresNeverClaimTheSameMail() async throws {
        let directory = try TemporaryFolder()
        let path = directory.path("reports.sqlite")
        let stores = [try SQLiteReportStore(path: path), try SQLiteReportStore(path: path)]
        let violations = await AlertStoreContract.concurrentClaims(stores)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        let releases = await AlertStoreContract.concurrentReleases(stores)
        #expect(releases.isEmpty, "\(releases.map(\.description).joined(separator: "\n"))")
        for store in stores { await store.close() }
    }

    /// Near you and a missing report's matches read the open places from the covering index
    /// alone (`EXPLAIN QUERY PLAN` by Python's own sqlite3): a column the query needs outside
    /// the index costs a row read per entry, 20 times the time. An import into an empty store
    /// makes that index after its rows; it is there after the import, and after one that failed.
    @Test func theOpenPlacesQueryReadsItsCoveringIndexAlone() async throws {
        let directory = try TemporaryFolder()
        let path = directory.path("reports.sqlite")
        let store = try SQLiteReportStore(path: path)
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        let reports = try (0..<3).map {
            try PetReport.missing(id: "r-\($0)", coordinate: warsaw, radius: SearchRadius(kilometers: 5))
        }
        // A repeated id: nothing is stored, and the index dropped for the import is back.
        await #expect(throws: ReportStoreError.self) {
            try await store.importReports(ReportArraySource(reports: reports + [reports[0]]), skipInvalid: false)
        }
        #expect(try Self.python(Self.indexes, path).contains("report_open_place"))
        _ = try await store.importReports(ReportArraySource(reports: reports), skipInvalid: false)
        let near = try await store.nearest(NearestQuery(location: warsaw, kind: .missing))
        #expect(near.map(\.report.id) == ["r-0", "r-1", "r-2"])
        await store.close()
        let plan = try Self.python(Self.plan, path, SQLiteReportStore.openPlacesSQL)
        #expect(plan.contains("USING COVERING INDEX report_open_place (latitude>? AND latitude<?)"), "\(plan)")
        // The idempotency keys' index holds the reports made with a key alone (v7) and still
        // serves the lookup by key.
        let keyPlan = try Self.python(Self.keyPlan, path)
        #expect(keyPlan.contains("INDEX report_idempotency_key (idempotency_key=?)"), "\(keyPlan)")
        #expect(!keyPlan.contains("not partial"), "\(keyPlan)")
    }

    /// The covering query reads the confirmed subscriptions' centres from their partial index.
    @Test func theCoveringQueryReadsTheConfirmedPlacesIndex() async throws {
        let directory = try TemporaryFolder()
        let path = directory.path("reports.sqlite")
        let store = try SQLiteReportStore(path: path)
        await store.close()
        let plan = try Self.python(Self.coveringPlan, path, SQLiteReportStore.coveringSQL)
        #expect(plan.contains("USING INDEX subscription_confirmed_place (latitude>? AND latitude<?)"), "\(plan)")
    }

    static let coveringPlan = """
        import sqlite3, sys
        db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
        plan = db.execute("EXPLAIN QUERY PLAN " + sys.argv[2], (52, 53, 20, 21, 1, 0)).fetchall()
        print(" | ".join(row[-1] for row in plan))
        """

    static let keyPlan = """
        import sqlite3, sys
        db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
        sql = db.execute("SELECT sql FROM sqlite_master WHERE name = 'report_idempotency_key'").fetchone()[0]
        plan = db.execute("EXPLAIN QUERY PLAN SELECT id FROM report WHERE idempotency_key = ?", ("k",)).fetchall()
        print(sql if "IS NOT NULL" in sql else "not partial: " + sql, "|", " | ".join(row[-1] for row in plan))
        """

    static let indexes = """
        import sqlite3, sys
        db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
        print(" ".join(row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")))
        """

    static let plan = """
        import sqlite3, sys
        db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
        plan = db.execute("EXPLAIN QUERY PLAN " + sys.argv[2], ("found", 52, 53, 20, 21, 1, 0)).fetchall()
        print(" | ".join(row[-1] for row in plan))
        """

    /// What Python's own sqlite3 prints running `script` with `arguments`.
    static func python(_ script: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}

/// A temporary folder removed when released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
