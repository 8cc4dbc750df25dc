import Foundation
import PhotoMetadata
import PhotoTestSupport
import Testing

/// The scrubber on photos as phones leave them (made by Pillow, exiftool and heif-enc; see
/// `PhoneStylePhotos`), read back by Debian's exiftool: no GPS, device, person, comment,
/// thumbnail, XMP or IPTC is left, the pixels decode the same (Pillow; heif-convert for the
/// HEIC), and the orientation stays.
@Suite(.enabled(if: PhotoTools.shouldRun, "needs exiftool, python3-pil and libheif-examples"))
struct PhoneStylePhotoScrubTests {
    static let formats: [(PhoneStylePhotos.Kind, ImageFormat)] = [
        (.jpeg, .jpeg), (.png, .png), (.webp, .webp), (.gif, .gif), (.heic, .heic),
    ]

    @Test(arguments: formats)
    func scrubbedPhotoKeepsNoIdentifyingTagAndTheSamePixels(kind: PhoneStylePhotos.Kind, format: ImageFormat)
        async throws
    {
        let photos = try await PhoneStylePhotos.make()
        defer { try? FileManager.default.removeItem(at: photos.folder) }
        let original = try photos.bytes(kind)
        let before = try await ExifToolReading.tags(of: original)
        // The test is only worth something if the file had what must go.
        #expect(!ExifToolReading.identifying(before).isEmpty)
        if kind != .gif { #expect(before.keys.contains { $0.contains("GPS") }) }

        let scrubbed = try PhotoScrubber.scrub(original, as: format)
        let after = try await ExifToolReading.tags(of: scrubbed.bytes)
        #expect(ExifToolReading.identifying(after) == [], "left: \(after)")
        #expect(!after.keys.contains { $0.contains("GPS") })
        #expect(try await PixelComparison.same(original, scrubbed.bytes, kind: kind))
        #expect(!scrubbed.removed.isEmpty)
        switch kind {
        case .jpeg, .png, .webp:
            #expect(after["EXIF:Orientation"] == PhoneStylePhotos.orientationText)
            #expect(scrubbed.keptOrientation == PhoneStylePhotos.orientation)
        case .gif, .heic:
            #expect(after["EXIF:Orientation"] == nil)
        }
    }

    @Test(arguments: formats)
    func scrubbingAScrubbedPhotoChangesNothing(kind: PhoneStylePhotos.Kind, format: ImageFormat) async throws {
        let photos = try await PhoneStylePhotos.make()
        defer { try? FileManager.default.removeItem(at: photos.folder) }
        let once = try PhotoScrubber.scrub(try photos.bytes(kind), as: format)
        let twice = try PhotoScrubber.scrub(once.bytes, as: format)
        #expect(twice.bytes == once.bytes)
        #expect(!twice.changed)
        #expect(twice.removed == [])
        #expect(twice.keptOrientation == once.keptOrientation)
    }

    @Test func jpegNamesWhatItRemoved() async throws {
        let photos = try await PhoneStylePhotos.make()
        defer { try? FileManager.default.removeItem(at: photos.folder) }
        let scrubbed = try PhotoScrubber.scrub(try photos.bytes(.jpeg), as: .jpeg)
        let kinds = Set(scrubbed.removed.map(\.kind))
        #expect(kinds == [.exif, .xmp, .iptc, .comment, .trailingData])
        #expect(scrubbed.removed.first { $0.kind == .comment }?.description == "comment (COM segment, 37 bytes)")
    }
}
