import PhotoMetadata
import Testing

/// The scrubber on bytes made to break it: each ends in a ``PhotoMetadataError`` with a
/// message a person can act on, or in a clean image — never a trap, never a hang.
struct HostileImageTests {
    enum Outcome: Sendable, CustomStringConvertible {
        case refused(PhotoMetadataError.Reason)
        case clean
        var description: String {
            switch self {
            case .refused(let reason): "refused \(reason)"
            case .clean: "clean"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let format: ImageFormat
        let bytes: [UInt8]
        let outcome: Outcome
        var testDescription: String { "\(format) \(name): \(outcome)" }
    }

    static let soi: [UInt8] = [0xFF, 0xD8]
    static let eoi: [UInt8] = [0xFF, 0xD9]
    static let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8]
    static let ihdr =
        HEIFBytes.be(13, 4) + Array("IHDR".utf8) + HEIFBytes.be(1, 4) + HEIFBytes.be(1, 4)
        + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    static let iend = HEIFBytes.be(0, 4) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    static func riff(_ size: Int, _ rest: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + Array("WEBP".utf8) + rest
    }
    static let vp8l = Array("VP8L".utf8) + [5, 0, 0, 0] + [0x2F, 0, 0, 0, 0] + [0]
    static let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
    static let image: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0]
    /// An EXIF APP1 whose IFD0 is said to be at 0xFFFFFFF0 with 65,535 entries.
    static let lyingExif =
        [0xFF, 0xE1, 0, 20] + Array("Exif\0\0".utf8) + Array("MM\0*".utf8)
        + [0xFF, 0xFF, 0xFF, 0xF0] + [0xFF, 0xFF, 0, 0]
    /// A scan, a comment, then `FF 00` where a marker should be, with an EOI in its body: the
    /// fuzzer's find (`Fuzz/Corpus/photo-scrubber/jpg-ff00-segment-after-scan-and-comment`).
    static let stuffedByteAfterAScan: [UInt8] =
        soi + [0xFF, 0xDA, 0, 2] + [0xFF, 0xFE, 0, 2] + [0xFF, 0x00, 0, 4] + eoi + eoi
    /// The same with a restart marker where `FF 00` was: it too ends up right after the scan.
    static let restartAfterAScan: [UInt8] = soi + [0xFF, 0xDA, 0, 2] + [0xFF, 0xFE, 0, 2] + [0xFF, 0xD0] + eoi
    static let heifExif = HEIFBytes.file(entries: [HEIFBytes.infe(1, "Exif")], data: HEIFBytes.exifItem) { start in
        HEIFBytes.iloc([(1, 0, [(start, HEIFBytes.exifItem.count)])])
    }

    static let cases: [Case] = [
        Case(name: "start of image alone", format: .jpeg, bytes: soi, outcome: .refused(.truncated)),
        Case(name: "not a JPEG", format: .jpeg, bytes: Array("<html>".utf8), outcome: .refused(.notThisFormat)),
        Case(name: "length field cut", format: .jpeg, bytes: soi + [0xFF, 0xE1, 0x00], outcome: .refused(.truncated)),
        Case(
            name: "segment length past the end", format: .jpeg, bytes: soi + [0xFF, 0xE1, 0xFF, 0xFF, 0x45, 0x78],
            outcome: .refused(.truncated)),
        Case(name: "segment length 0", format: .jpeg, bytes: soi + [0xFF, 0xE1, 0, 0], outcome: .refused(.malformed)),
        Case(name: "segment length 1", format: .jpeg, bytes: soi + [0xFF, 0xE1, 0, 1], outcome: .refused(.malformed)),
        Case(
            name: "junk between segments", format: .jpeg, bytes: soi + [0xFF, 0xFE, 0, 3, 0x41, 0x42] + eoi,
            outcome: .refused(.malformed)),
        Case(
            name: "scan with no end", format: .jpeg, bytes: soi + [0xFF, 0xDA, 0, 2, 1, 2, 0xFF, 0, 3],
            outcome: .refused(.truncated)),
        Case(
            name: "fill bytes to the end", format: .jpeg, bytes: soi + [UInt8](repeating: 0xFF, count: 4096),
            outcome: .refused(.truncated)),
        Case(name: "second start of image", format: .jpeg, bytes: soi + soi + eoi, outcome: .refused(.malformed)),
        Case(
            name: "FF 00 after a scan and a comment", format: .jpeg, bytes: stuffedByteAfterAScan,
            outcome: .refused(.malformed)),
        Case(name: "restart after a scan and a comment", format: .jpeg, bytes: restartAfterAScan, outcome: .clean),
        Case(name: "EXIF that lies about its IFD", format: .jpeg, bytes: soi + lyingExif + eoi, outcome: .clean),
        Case(name: "signature alone", format: .png, bytes: png, outcome: .refused(.truncated)),
        Case(
            name: "chunk length 2^32-1", format: .png, bytes: png + [0xFF, 0xFF, 0xFF, 0xFF] + Array("IHDR".utf8),
            outcome: .refused(.malformed)),
        Case(
            name: "chunk length past the end", format: .png, bytes: png + Array(ihdr.prefix(12)),
            outcome: .refused(.truncated)),
        Case(name: "IEND first", format: .png, bytes: png + iend, outcome: .refused(.malformed)),
        Case(
            name: "a type that is not letters", format: .png,
            bytes: png + HEIFBytes.be(0, 4) + [0x49, 0x48, 0x00, 0x52] + [0, 0, 0, 0], outcome: .refused(.malformed)),
        Case(name: "no IEND", format: .png, bytes: png + ihdr, outcome: .refused(.truncated)),
        Case(name: "header and end", format: .png, bytes: png + ihdr + iend + [1, 2, 3], outcome: .clean),
        Case(name: "RIFF size past the end", format: .webp, bytes: riff(400, vp8l), outcome: .refused(.truncated)),
        Case(name: "RIFF size under 4", format: .webp, bytes: riff(2, vp8l), outcome: .refused(.truncated)),
        Case(
            name: "chunk past the RIFF", format: .webp,
            bytes: riff(16, Array("VP8L".utf8) + [200, 0, 0, 0] + [0, 0, 0, 0]), outcome: .refused(.truncated)),
        Case(
            name: "EXIF chunk first", format: .webp, bytes: riff(4 + 8, Array("EXIF".utf8) + [0, 0, 0, 0]),
            outcome: .refused(.malformed)),
        Case(
            name: "last chunk without its pad", format: .webp, bytes: riff(4 + 13, Array(vp8l.dropLast())),
            outcome: .clean),
        Case(name: "header alone", format: .gif, bytes: Array("GIF89a".utf8), outcome: .refused(.truncated)),
        Case(
            name: "colour table past the end", format: .gif, bytes: Array(gif.prefix(15)), outcome: .refused(.truncated)
        ),
        Case(
            name: "sub-block past the end", format: .gif, bytes: gif + [0x21, 0xFE, 200, 1, 2],
            outcome: .refused(.truncated)),
        Case(name: "no trailer", format: .gif, bytes: gif + image, outcome: .refused(.truncated)),
        Case(name: "unknown block", format: .gif, bytes: gif + [0x99], outcome: .refused(.malformed)),
        Case(name: "image and trailer", format: .gif, bytes: gif + image + [0x3B], outcome: .clean),
        Case(
            name: "box size past the end", format: .heic,
            bytes: [0xFF, 0xFF, 0xFF, 0xFF] + Array(HEIFBytes.ftyp.dropFirst(4)),
            outcome: .refused(.truncated)),
        Case(
            name: "box smaller than its header", format: .heic,
            bytes: HEIFBytes.ftyp + HEIFBytes.be(4, 4) + Array("free".utf8),
            outcome: .refused(.malformed)),
        Case(
            name: "64-bit size past the end", format: .heic,
            bytes: HEIFBytes.ftyp + HEIFBytes.be(1, 4) + Array("mdat".utf8) + [0x7F]
                + [UInt8](repeating: 0xFF, count: 7),
            outcome: .refused(.truncated)),
        Case(
            name: "item past the end", format: .heic,
            bytes: HEIFBytes.file(entries: [HEIFBytes.infe(1, "Exif")], data: [1, 2, 3]) { _ in
                HEIFBytes.iloc([(1, 0, [(0x7FFF_FFF0, 100)])])
            }, outcome: .refused(.malformed)),
        Case(
            name: "65,535 empty extents", format: .heic,
            bytes: HEIFBytes.file(entries: [HEIFBytes.infe(1, "Exif")], data: [1]) { _ in
                HEIFBytes.fullBox(
                    "iloc", version: 1,
                    [0x00, 0x00] + HEIFBytes.be(1, 2) + HEIFBytes.be(1, 2) + [0, 0, 0, 0, 0xFF, 0xFF])
            }, outcome: .refused(.malformed)),
        Case(
            name: "item count past the box", format: .heic,
            bytes: HEIFBytes.file(entries: [HEIFBytes.infe(1, "Exif")], data: [1]) { _ in
                HEIFBytes.fullBox("iloc", version: 2, [0x44, 0x00] + HEIFBytes.be(0xFFFF_FFFF, 4))
            }, outcome: .refused(.truncated)),
        Case(
            name: "an item built from other items", format: .heic,
            bytes: HEIFBytes.file(entries: [HEIFBytes.infe(1, "Exif")], data: [1]) { _ in
                HEIFBytes.iloc([(1, 2, [(0, 1)])])
            }, outcome: .refused(.malformed)),
        Case(
            name: "infe cut short", format: .heic,
            bytes: HEIFBytes.file(entries: [HEIFBytes.fullBox("infe", version: 2, [0, 1])], data: [1]) { _ in
                HEIFBytes.iloc([])
            }, outcome: .refused(.truncated)),
        Case(name: "an EXIF item in mdat", format: .heic, bytes: heifExif, outcome: .clean),
    ]

    @Test(arguments: cases)
    func hostileBytesEndInAClearErrorOrACleanImage(_ hostile: Case) throws {
        switch hostile.outcome {
        case .refused(let reason):
            let error = #expect(throws: PhotoMetadataError.self) {
                try PhotoScrubber.scrub(hostile.bytes, as: hostile.format)
            }
            #expect(error?.reason == reason)
            #expect(error?.format == hostile.format)
            #expect(error?.description.contains("Save it again from a photo app") == true)
        case .clean:
            let scrubbed = try PhotoScrubber.scrub(hostile.bytes, as: hostile.format)
            #expect(try PhotoScrubber.scrub(scrubbed.bytes, as: hostile.format).bytes == scrubbed.bytes)
        }
    }

    @Test func aSegmentPastTheEndIsNamedWithItsPlace() {
        let error = #expect(throws: PhotoMetadataError.self) {
            try PhotoScrubber.scrub(Self.soi + [0xFF, 0xE1, 0x10, 0x00, 1, 2], as: .jpeg)
        }
        #expect(
            error?.description
                == "This JPG image is damaged: the segment at byte 2 runs past the end of the file. "
                + "Save it again from a photo app or an image editor, or choose another photo.")
    }

    /// Read as a segment, `FF 00` was kept, and with the comment gone it followed the scan: a
    /// second scrub read it as the scan's stuffed byte, took the EOI in its body for the
    /// image's end and cut what followed (a second scrub changed the bytes). It is refused.
    @Test func aStuffedByteWhereAMarkerShouldBeIsRefusedNotReadAgainAsScanData() throws {
        let error = #expect(throws: PhotoMetadataError.self) {
            try PhotoScrubber.scrub(Self.stuffedByteAfterAScan, as: .jpeg)
        }
        #expect(error?.reason == .malformed)
        #expect(error?.problem == "FF 00 at byte 10 is not a marker")
        let scrubbed = try PhotoScrubber.scrub(Self.restartAfterAScan, as: .jpeg)
        #expect(scrubbed.bytes == Self.soi + [0xFF, 0xDA, 0, 2, 0xFF, 0xD0] + Self.eoi)
        let again = try PhotoScrubber.scrub(scrubbed.bytes, as: .jpeg)
        #expect(again.bytes == scrubbed.bytes)
        #expect(again.removed.isEmpty && !again.changed)
    }

    @Test func aHandMadeHEICLosesItsExifItemInPlace() throws {
        let scrubbed = try PhotoScrubber.scrub(Self.heifExif, as: .heic)
        #expect(scrubbed.bytes.count == Self.heifExif.count)
        #expect(scrubbed.removed.map(\.kind) == [.exif])
        let item = Array(scrubbed.bytes.suffix(HEIFBytes.exifItem.count))
        #expect(Array(item.prefix(12)) == [0, 0, 0, 0] + Array("MM\0*".utf8) + [0, 0, 0, 8])
        #expect(!item.contains(UInt8(ascii: "A")))
        // Everything before the item is as it was: nothing moved.
        #expect(scrubbed.bytes.dropLast(item.count) == Self.heifExif.dropLast(item.count))
    }
}
