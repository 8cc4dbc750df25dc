import Foundation
import LocationTestSupport
import PhotoTestSupport
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// `petspot reports scrub-photos [--dry-run]` through the built binary, on photos kept before
/// they were cleaned on their way in (written straight into the store here): it says what it
/// changes, changes nothing with `--dry-run`, leaves photos without metadata, and a second run
/// changes nothing and says so — on SQLite and on PostgreSQL.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ScrubPhotosCommandTests {
    /// Report id → the photo kept for it, with metadata but the last.
    static let kept: [(id: String, bytes: [UInt8], type: ImageType)] = [
        ("a-jpeg", SamplePhotos.jpeg, .jpeg), ("b-png", SamplePhotos.png, .png), ("c-webp", SamplePhotos.webp, .webp),
        ("d-gif", SamplePhotos.gif, .gif), ("e-heic", SamplePhotos.heic, .heic),
        ("f-clean", SamplePhotos.plainPNG, .png),
    ]

    /// A store holding the photos of `kept` as they came, and `extra` besides.
    static func seed(_ path: String, extra: [(id: String, photo: ReportPhoto)] = []) async throws {
        let store = try SQLiteReportStore(path: path)
        let all = kept.map { ($0.id, ReportPhoto(bytes: Data($0.bytes), type: $0.type)) } + extra
        try await store.add(all.map { PetReport(id: $0.0, kind: .missing) })
        try await StoreKeptPhotos(store).writeAll(all.map { (id: $0.0, photo: $0.1) })
        await store.close()
    }

    static func scrub(_ folder: TemporaryStoreFolder, _ store: String, dryRun: Bool = false) async throws
        -> ProcessRun.Output
    {
        try await ReportArchiveTests.petspot(
            folder, ["reports", "scrub-photos", "--store", store] + (dryRun ? ["--dry-run"] : []))
    }

    /// The checks both engines pass: a dry run, a run, a second run.
    static func scrubsOnceAndThenHasNothingToDo(_ folder: TemporaryStoreFolder, _ store: String) async throws {
        let before = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", store]).stdout
        let dry = try await Self.scrub(folder, store, dryRun: true)
        #expect(dry.status == 0, "\(dry.stderr)")
        let lines = dry.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(dry.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("a-jpeg: would remove comment (COM segment, ") && $0.contains("EXIF (APP1 segment, ")
                    && $0.hasSuffix("kept orientation 6")
            }, "\(dry.stdout)")
        #expect(lines.contains { $0.hasPrefix("e-heic: would remove EXIF (item ") && $0.contains("XMP (item ") })
        #expect(!lines.contains { $0.hasPrefix("f-clean") })
        #expect(lines.last?.hasPrefix("Would clean 5 of 6 photos (") == true)
        #expect(lines.last?.hasSuffix("of metadata); nothing was changed (--dry-run).") == true)
        let afterDry = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", store]).stdout
        #expect(afterDry == before, "--dry-run changes nothing")

        let run = try await Self.scrub(folder, store)
        #expect(run.status == 0, "\(run.stderr)")
        let said = dry.stdout.replacingOccurrences(of: "would remove", with: "removed").split(separator: "\n")
        #expect(run.stdout.split(separator: "\n").dropLast() == said.dropLast(), "the run does what the dry run said")
        #expect(run.stdout.split(separator: "\n").last?.hasPrefix("Cleaned 5 of 6 photos (") == true, "\(run.stdout)")

        let again = try await Self.scrub(folder, store)
        #expect(again.status == 0)
        #expect(again.stdout == "Nothing to change: none of the 6 photos carries metadata.\n")

        let exported = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", store]).stdout
        for line in exported.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let photo = try #require(object["photo"] as? [String: Any])
            let bytes = [UInt8](Data(base64Encoded: photo["data"] as? String ?? "") ?? Data())
            #expect(!PhotoUploadsCarryNoMetadataTests.contains(bytes, Array("Apple".utf8)), "\(object["id"] ?? "")")
            guard PhotoTools.shouldRun else { continue }
            let tags = try await ExifToolReading.tags(of: bytes)
            #expect(ExifToolReading.identifying(tags) == [], "\(object["id"] ?? ""): \(tags)")
        }
    }

    @Test func sqliteStoresPhotosAreCleanedOnce() async throws {
        let folder = try TemporaryStoreFolder()
        try await Self.seed(folder.path)
        try await Self.scrubsOnceAndThenHasNothingToDo(folder, "sqlite:" + folder.path)
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func postgresStoresPhotosAreCleanedOnce() async throws {
        let folder = try TemporaryStoreFolder()
        try await Self.seed(folder.path)
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let postgres = "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)"
            // `reports copy` moves photos as they are: the PostgreSQL store holds them with metadata.
            let copied = try await ReportArchiveTests.petspot(
                folder, ["reports", "copy", "--from", "sqlite:" + folder.path, "--to", postgres])
            #expect(copied.status == 0, "\(copied.stderr)")
            try await Self.scrubsOnceAndThenHasNothingToDo(folder, postgres)
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    @Test func aPhotoThatIsNotAnImageIsNamedAndLeftAndATypeIsCorrected() async throws {
        let folder = try TemporaryStoreFolder()
        let html = ReportPhoto(bytes: Data("<html>not a photo</html>".utf8), type: .png)
        let mistyped = ReportPhoto(bytes: Data(SamplePhotos.plainJPEG), type: .png)
        try await Self.seed(folder.path, extra: [("g-html", html), ("h-mistyped", mistyped)])
        let store = "sqlite:" + folder.path
        let run = try await Self.scrub(folder, store)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "g-html: left as it is: not a JPG, PNG, HEIC, GIF or WEBP image (kept as image/png)"), "\(run.stdout)")
        #expect(run.stdout.contains("h-mistyped: media type image/png → image/jpeg\n"), "\(run.stdout)")
        let again = try await Self.scrub(folder, store)
        #expect(again.status == 1)
        #expect(again.stdout.contains("g-html: left as it is"))
        #expect(
            again.stdout.hasSuffix(
                "Nothing to change: none of the 8 photos carries metadata (1 is not a whole image, left as it is).\n"),
            "\(again.stdout)")
        let photo = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", store])
        #expect(photo.stdout.contains(#""id":"h-mistyped""#))
    }
}
