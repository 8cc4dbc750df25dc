import Foundation
import LocationTestSupport
import PhotoTestSupport
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// A sighting's photo travels as a report's does (issue 46), through the built binary:
/// `reports export` writes it in the sighting's line, `reports import` puts it back through the
/// photo rules (metadata removed, a refused photo names its line), `reports copy` copies it.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SightingPhotoArchiveTests {
    @Test func aSightingsPhotoComesBackThroughAnExportAnImportAndACopy() async throws {
        let folder = try TemporaryStoreFolder()
        _ = try await SightingArchiveTests.seed(folder.path)
        let clean = StructuredPhotos.png(byteCount: 57)
        let store = try SQLiteReportStore(path: folder.path)
        let kept = StoredPhoto(ReportPhoto(bytes: Data(clean), type: .png))
        try await store.setSightingPhoto(kept, id: "sig-1")
        await store.close()
        let source = "sqlite:" + folder.path
        let export = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", source])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr == "Exported 4 reports (3 photos, 2 sightings) of \(source).\n")
        let line = try #require(export.stdout.split(separator: "\n").first { $0.contains(#""id":"sig-1""#) })
        #expect(line.contains(#""photo":{"type":"PNG","data":"\#(Data(clean).base64EncodedString())"}"#), "\(line)")

        let file = folder.path + ".jsonl"
        try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let target = folder.path + "-imported.sqlite"
        let imported = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--store", "sqlite:" + target])
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", "sqlite:" + target])
        #expect(again.stdout == export.stdout, "the photo comes back byte for byte")

        let copy = folder.path + "-copy.sqlite"
        let copied = try await ReportArchiveTests.petspot(
            folder, ["reports", "copy", "--from", source, "--to", "sqlite:" + copy])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("and 3 photos"), "\(copied.stdout)")
        let copiedStore = try SQLiteReportStore(path: copy)
        #expect(try await copiedStore.sightingPhoto(id: "sig-1") == kept)
        #expect(try await copiedStore.sightingPhoto(id: "sig-2") == nil)
        await copiedStore.close()
    }

    @Test func anImportedSightingsPhotoLosesItsGPSAndARefusedOneNamesItsLine() async throws {
        let folder = try TemporaryStoreFolder()
        let sightings = try await SightingArchiveTests.seed(folder.path)
        let report = #"{"id":"full","kind":"missing","status":"ACTIVE"}"#
        let gps = ReportPhoto(bytes: Data(SamplePhotos.jpeg), type: .jpeg)
        let file = folder.path + "-photo.jsonl"
        try Data((report + "\n" + SightingArchiveLine.line(sightings[0], photo: gps) + "\n").utf8)
            .write(to: URL(fileURLWithPath: file))
        let target = folder.path + "-photo.sqlite"
        let imported = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--store", "sqlite:" + target])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Took the metadata"), "\(imported.stdout)")
        let store = try SQLiteReportStore(path: target)
        let stored = try #require(try await store.sightingPhoto(id: "sig-1"))
        #expect(stored.mediaType == "image/jpeg" && stored.bytes.count < SamplePhotos.jpeg.count)
        #expect(!SightingPhotoRoutesTests.contains([UInt8](stored.bytes), "Apple"))
        await store.close()

        let text = ReportPhoto(bytes: Data("hello".utf8), type: .png)
        try Data((report + "\n" + SightingArchiveLine.line(sightings[0], photo: text) + "\n").utf8)
            .write(to: URL(fileURLWithPath: file))
        let refused = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--store", "sqlite:" + folder.path + "-refused.sqlite"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 2: sighting: photo.data is not a JPG"), "\(refused.stderr)")
    }
}
