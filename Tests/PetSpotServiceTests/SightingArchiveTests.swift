import Foundation
import Geodata
import LocationTestSupport
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// `petspot reports export` → `reports import`, and `reports copy`, through the built binary:
/// the reports' sightings follow them (one `{"sighting": …}` line each), come back with every
/// field (the maker's token digest too) into either engine, whatever their report's status now;
/// a sighting whose report is not in the file stores nothing and names its line.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SightingArchiveTests {
    static let time = Date(timeIntervalSince1970: 1_763_400_000)

    /// The reports of ``ReportArchiveTests/seed(_:)`` and two sightings: one of the open report
    /// with contacts and a hostile note, one of the closed report (kept from when it was open).
    static func seed(_ path: String) async throws -> [Sighting] {
        try await ReportArchiveTests.seed(path)
        let store = try SQLiteReportStore(path: path)
        let sightings = [
            Sighting(
                id: "sig-1", reportID: "full", seenAt: time,
                coordinate: try Coordinate(latitude: 52.24, longitude: 21.03),
                note: "By the \"bakery\"\nthen east \u{1F415}", phone: "+48 600 1", email: "seer@example.org",
                makerTokenHash: OwnerToken.make().hash, createdAt: time.addingTimeInterval(60)),
            Sighting(
                id: "sig-2", reportID: "closed:1", seenAt: time,
                coordinate: try Coordinate(latitude: -1, longitude: -2),
                makerTokenHash: OwnerToken.make().hash, createdAt: time),
        ]
        try await store.restoreSightings(sightings)
        await store.close()
        return sightings
    }

    @Test func sightingsComeBackWholeThroughAnExportAndACopy() async throws {
        let folder = try TemporaryStoreFolder()
        let sightings = try await Self.seed(folder.path)
        let source = "sqlite:" + folder.path
        let export = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", source])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr == "Exported 4 reports (2 photos, 2 sightings) of \(source).\n")
        let lines = export.stdout.split(separator: "\n")
        #expect(lines.count == 6 && lines.suffix(2).allSatisfy { $0.hasPrefix(#"{"sighting":{"id":"sig-"#) })

        let file = folder.path + ".jsonl"
        try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let target = folder.path + "-imported.sqlite"
        let imported = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--store", "sqlite:" + target])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Stored 2 sightings of the reports."), "\(imported.stdout)")
        let again = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", "sqlite:" + target])
        #expect(again.stdout == export.stdout, "every field of every sighting comes back")

        let copy = folder.path + "-copy.sqlite"
        let copied = try await ReportArchiveTests.petspot(
            folder, ["reports", "copy", "--from", source, "--to", "sqlite:" + copy])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("(and 2 sightings)"), "\(copied.stdout)")
        let store = try SQLiteReportStore(path: copy)
        #expect(try await store.sightings(afterID: nil, limit: 10) == sightings)
        await store.close()
    }

    @Test func aSightingOfAReportNotInTheFileStoresNothingAndNamesItsLine() async throws {
        let folder = try TemporaryStoreFolder()
        let sightings = try await Self.seed(folder.path)
        var orphan = sightings[1]
        orphan.reportID = "gone"
        let text =
            [#"{"id":"a","kind":"missing","status":"ACTIVE"}"#, SightingArchiveLine.line(orphan)]
            .joined(separator: "\n") + "\n"
        let file = folder.path + "-orphan.jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let target = folder.path + "-orphan.sqlite"
        let refused = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--store", "sqlite:" + target])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("line 2: sighting sig-2 is of report gone, which is not in the file"),
            "\(refused.stderr)")
        let skipped = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--skip-invalid", "--store", "sqlite:" + target])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.contains("Stored 0 sightings of the reports."), "\(skipped.stdout)")
        let damaged = SightingArchiveLine.line(sightings[0]).replacing(
            "\"makerTokenHash\":\"", with: "\"makerTokenHash\":\"x")
        try Data((#"{"id":"b","kind":"missing","status":"ACTIVE"}"# + "\n" + damaged + "\n").utf8)
            .write(to: URL(fileURLWithPath: file))
        let bad = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--store", "sqlite:" + target])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("line 2: sighting: Invalid sighting \"sig-1\""), "\(bad.stderr)")
    }
}
