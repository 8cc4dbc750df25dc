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
