import Foundation
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

    /// Near you and a missing report's matches read the open places from the covering index
    /// alone (`EXPLAIN QUERY PLAN` by Python's own sqlite3): a column the query needs outside
    /// the index costs a row read per entry, 20 times the time.
    @Test func theOpenPlacesQueryReadsItsCoveringIndexAlone() async throws {
        let directory = try TemporaryFolder()
        let path = directory.path("reports.sqlite")
        let store = try SQLiteReportStore(path: path)
        await store.close()
        let script = """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            plan = db.execute("EXPLAIN QUERY PLAN " + sys.argv[2], ("found", 52, 53, 20, 21, 1, 0)).fetchall()
            print(" | ".join(row[-1] for row in plan))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path, SQLiteReportStore.openPlacesSQL]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("USING COVERING INDEX report_open_place (latitude>? AND latitude<?)"), "\(text)")
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
