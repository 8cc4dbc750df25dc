import Foundation
import LocationTestSupport
import PhotoTestSupport
import Testing

/// `petspot reports import` of an archive trusts none of its photos (issue 43, item 6): each
/// passes the photo rules of `PUT /v1/reports/{id}/photo` (its type from its bytes, the size
/// limit) and loses its metadata, a refused photo is its line's problem, and the archive is
/// read a line at a time — a photo line over the limit is refused while it is read, and the
/// import's memory does not grow with the archive's photos.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct ArchivePhotoImportTests {
    /// The photo limit of `PUT /v1/reports/{id}/photo` and of an import (10 MB).
    static let photoLimit = 10_000_000

    /// The longest archive line: a photo at the limit in base64 and 1 MiB for the rest.
    static let lineLimit = (photoLimit + 2) / 3 * 4 + 1_048_576

    /// The import's memory bound: the store's own SQLite page cache (64 MiB), a batch of photos
    /// on their way to it (16 MiB) and what decoding one line takes, with room to spare.
    static let memoryBound = 192 * 1_048_576

    /// An archive line: a missing report `id` with `photo` (its bytes and the type the line
    /// says), or none.
    static func line(_ id: String, kind: String = "missing", photo: (bytes: [UInt8], type: String)?) -> String {
        let status = kind == "found" ? "FOUND" : "ACTIVE"
        let photoJSON =
            photo.map { #"{"type":"\#($0.type)","data":"\#(Data($0.bytes).base64EncodedString())"}"# } ?? "null"
        return #"{"id":"\#(id)","kind":"\#(kind)","status":"\#(status)","photo":\#(photoJSON)}"#
    }

    static func write(_ lines: [String], to file: String) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
    }

    /// The photos `reports export` gives back, by report id.
    static func exportedPhotos(_ folder: TemporaryStoreFolder) async throws -> [String: [UInt8]] {
        let export = try await ReportArchiveTests.petspot(
            folder, ["reports", "export", "--store", "sqlite:" + folder.path])
        #expect(export.status == 0, "\(export.stderr)")
        var photos: [String: [UInt8]] = [:]
        for line in export.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let id = object?["id"] as? String else { continue }
            if let photo = object?["photo"] as? [String: Any], let data = photo["data"] as? String {
                photos[id] = [UInt8](Data(base64Encoded: data) ?? Data())
            } else {
                photos[id] = []
            }
        }
        return photos
    }

    @Test func htmlTypedAsPNGIsRefusedWithItsLine() async throws {
        let folder = try TemporaryStoreFolder()
        let file = folder.path + ".jsonl"
        let html = Array("<html><body><script>document.location='https://evil.example/'</script></body></html>".utf8)
        try Self.write(
            [
                Self.line("good", photo: (StructuredPhotos.png(byteCount: 500), "PNG")),
                Self.line("page", photo: (html, "PNG")),
            ],
            to: file)
        let store = "sqlite:" + folder.path
        let refused = try await ReportArchiveTests.petspot(folder, ["reports", "import", file, "--store", store])
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(
            refused.stderr.contains(
                "line 2: photo.data is not a JPG, PNG, HEIC, GIF or WEBP image (photo.type says PNG; the type is read "
                    + "from the data)"), "\(refused.stderr)")
        #expect(try await Self.exportedPhotos(folder).isEmpty, "nothing is stored")

        let skipped = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--skip-invalid", "--store", store])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.contains("Stored 1 report"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("line 2: photo.data is not a JPG, PNG, HEIC, GIF or WEBP image"))
        #expect(try await Self.exportedPhotos(folder) == ["good": StructuredPhotos.png(byteCount: 500)])
    }

    @Test func aFoundReportsPhotoFollowsTheFoundFlowsRule() async throws {
        let folder = try TemporaryStoreFolder()
        let file = folder.path + ".jsonl"
        let gif = SamplePhotos.gif
        let big = StructuredPhotos.png(byteCount: 10_000_001)
        try Self.write(
            [
                Self.line("found-gif", kind: "found", photo: (gif, "GIF")),
                Self.line("found-big", kind: "found", photo: (big, "PNG")),
                Self.line("missing-gif", photo: (gif, "GIF")),
            ], to: file)
        let run = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--skip-invalid", "--store", "sqlite:" + folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("line 1: the photo is GIF; a found report's photo must be PNG or JPG"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "line 2: the photo is 10000001 bytes, more than the 10000000 bytes this report's photo may have"))
        #expect(try await Self.exportedPhotos(folder).keys.sorted() == ["missing-gif"])
    }

    @Test(.enabled(if: PhotoTools.shouldRun, "needs exiftool, python3-pil and libheif-examples"))
    func importedPhotosLoseTheirMetadata() async throws {
        let photos = try await PhoneStylePhotos.make()
        defer { try? FileManager.default.removeItem(at: photos.folder) }
        let folder = try TemporaryStoreFolder()
        let file = folder.path + ".jsonl"
        let kinds = PhoneStylePhotos.Kind.allCases
        // The type a line says is not trusted either way: every line says PNG.
        try Self.write(
            try kinds.map { Self.line("phone-\($0.rawValue)", photo: (try photos.bytes($0), "PNG")) }, to: file)
        let run = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--store", "sqlite:" + folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Took the metadata (EXIF, XMP, IPTC, comments) out of 5 photos."), "\(run.stdout)")
        let exported = try await Self.exportedPhotos(folder)
        for kind in kinds {
            let kept = try #require(exported["phone-\(kind.rawValue)"])
            let tags = try await ExifToolReading.tags(of: kept)
            #expect(ExifToolReading.identifying(tags) == [], "\(kind): \(tags)")
            #expect(try await PixelComparison.same(try photos.bytes(kind), kept, kind: kind), "\(kind)")
        }
    }

    /// Peak memory, as `/usr/bin/time` measures it (`%M`, kilobytes) for `petspot arguments…`.
    static func peakMemory(_ folder: TemporaryStoreFolder, _ arguments: [String]) async throws
        -> (output: ProcessRun.Output, bytes: Int)
    {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw PhotoToolError(description: "/usr/bin/time is missing: apt-get install time")
        }
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: time), ["-f", "peak-kb %M", PetSpotBinary.url.path] + arguments,
            environment: ["XDG_DATA_HOME": folder.path + "-data", "PETSPOT_STORE": ""], timeout: .seconds(300))
        let line = output.stderr.split(separator: "\n").last { $0.hasPrefix("peak-kb ") }
        let kilobytes = try #require(line.flatMap { Int($0.dropFirst("peak-kb ".count)) }, "\(output.stderr)")
        return (output, kilobytes * 1024)
    }

    /// An archive of `count` photos of 8 MiB, then one of 150 MB (its line 200 MB of base64).
    static func largeArchive(_ file: String, count: Int) throws {
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        for index in 1...count {
            let photo = StructuredPhotos.png(byteCount: 8 * 1_048_576, fill: UInt8(index % 250))
            try handle.write(contentsOf: Data((Self.line("m-\(index)", photo: (photo, "PNG")) + "\n").utf8))
        }
        let huge = StructuredPhotos.png(byteCount: 150_000_000)
        try handle.write(contentsOf: Data((Self.line("huge", photo: (huge, "PNG")) + "\n").utf8))
        try handle.close()
    }

    /// Twelve photos of 8 MiB and one of 150 MB: the large line is refused while it is read, the
    /// others are stored; the import's peak memory stays within a few photo limits, and twice
    /// the photos take no more (before: the whole archive and every photo in memory at once,
    /// 994 MiB for this one).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time") || PhotoTools.isCI))
    func aLargePhotoLineIsRefusedWhileReadAndMemoryStaysBounded() async throws {
        let folder = try TemporaryStoreFolder()
        let twelve = folder.path + "-12.jsonl"
        try Self.largeArchive(twelve, count: 12)
        let store = "sqlite:" + folder.path

        // The line's length: its members around 200,000,000 bytes of base64.
        let hugeLine = Self.line("huge", photo: ([], "PNG")).utf8.count + 200_000_000
        let refused = try await Self.peakMemory(folder, ["reports", "import", twelve, "--store", store])
        #expect(refused.output.status == 1, "\(refused.output.stdout)")
        #expect(
            refused.output.stderr.contains(
                "line 13: the line is \(hugeLine) bytes, more than the \(Self.lineLimit) a report with a photo of at "
                    + "most \(Self.photoLimit) bytes takes: its photo is too large"), "\(refused.output.stderr)")
        let skipped = try await Self.peakMemory(
            folder, ["reports", "import", twelve, "--skip-invalid", "--store", store])
        #expect(skipped.output.status == 0, "\(skipped.output.stderr)")
        #expect(skipped.output.stdout.contains("Stored 12 reports"), "\(skipped.output.stdout)")
        let exported = try await Self.exportedPhotos(folder)
        #expect(exported.count == 12 && exported["huge"] == nil)
        #expect(exported["m-7"] == StructuredPhotos.png(byteCount: 8 * 1_048_576, fill: 7))
        try FileManager.default.removeItem(atPath: twelve)

        // Twice the photos, into another store.
        let other = try TemporaryStoreFolder()
        let twentyFour = other.path + "-24.jsonl"
        try Self.largeArchive(twentyFour, count: 24)
        let more = try await Self.peakMemory(
            other, ["reports", "import", twentyFour, "--skip-invalid", "--store", "sqlite:" + other.path])
        #expect(more.output.stdout.contains("Stored 24 reports"), "\(more.output.stdout)")
        try FileManager.default.removeItem(atPath: twentyFour)

        let mebibytes = [refused.bytes, skipped.bytes, more.bytes].map { $0 / 1_048_576 }
        print(
            "reports import peak memory (MiB): refusing \(mebibytes[0]), 12 photos \(mebibytes[1]), 24 photos \(mebibytes[2])"
        )
        for peak in [refused.bytes, skipped.bytes, more.bytes] {
            #expect(peak < Self.memoryBound, "peak \(peak / 1_048_576) MiB; the bound is 192 MiB")
        }
        #expect(more.bytes < skipped.bytes + Self.photoLimit, "twice the photos must not take more memory")
    }
}
