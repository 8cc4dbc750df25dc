/// Removes a JPEG's metadata segment by segment, keeping what decoding needs.
///
/// Kept: every segment a decoder reads (frames, tables, scans, restart intervals), `APP0`
/// JFIF (its thumbnail cut out), `APP2` ICC profiles (the colours) and `APP14` Adobe (the
/// colour transform). Removed: `APP1` EXIF and XMP, `APP13` IPTC/Photoshop, `COM` comments,
/// JFXX thumbnails, the `MPF` index, every other `APPn`, and whatever follows the end of the
/// image (the pictures an `MPF` index points to, phones' trailers). An EXIF orientation other
/// than 1 comes back as a minimal `APP1` holding tag `0x0112` alone, right after `SOI` (after
/// a leading JFIF `APP0`), so scrubbing a scrubbed file gives the same bytes. `FF 00` where a
/// marker should be is refused: it is a scan's stuffed byte, never a segment.
struct JPEGScrubber {
    private let view: ByteView
    private var output: [UInt8] = []
    private var removed: [RemovedMetadata] = []
    private var orientation: Int?
    /// Where the orientation's segment goes: after SOI, or after a JFIF APP0 that follows it.
    private var exifPosition = 2
    /// Whether a segment other than JFIF APP0 came after SOI (the EXIF position is then fixed).
    private var pastLeadingSegments = false

    init(_ bytes: [UInt8]) {
        view = ByteView(bytes: bytes)
    }

    /// The scrubbed image.
    ///
    /// - Throws: ``PhotoMetadataError`` for bytes that are not a whole JPEG.
    mutating func scrub() throws(PhotoMetadataError) -> ScrubbedImage {
        guard view.has([0xFF, 0xD8], at: 0) else { throw .notThisFormat(.jpeg, "it does not start with FF D8") }
        output.reserveCapacity(view.count)
        output += [0xFF, 0xD8]
        var position = 2
        while true {
            guard view.byte(position) == 0xFF else {
                guard position < view.count else { throw .endsEarly(.jpeg, before: "its end-of-image marker") }
                throw .malformed(.jpeg, "the byte at \(ByteCount.grouped(position)) should start a segment")
            }
            let markerStart = position
            while view.byte(position) == 0xFF { position += 1 }  // fill bytes
            guard let marker = view.byte(position) else { throw .endsEarly(.jpeg, before: "its end-of-image marker") }
            position += 1
            switch marker {
            case 0xD9:
                output += [0xFF, 0xD9]
                if position < view.count {
                    removed.append(RemovedMetadata(.trailingData, in: "after EOI", byteCount: view.count - position))
                }
                return finish()
            case 0xD8:
                throw .malformed(.jpeg, "a second start-of-image marker at byte \(ByteCount.grouped(markerStart))")
            case 0x00:
                // `FF 00` is a stuffed byte inside a scan, never a marker. Read as a segment here,
                // it could be kept right after a scan once a segment between them is removed, and
                // a second scrub would then read it, and what follows, as that scan's data.
                throw .malformed(.jpeg, "FF 00 at byte \(ByteCount.grouped(markerStart)) is not a marker")
            case 0x01, 0xD0...0xD7:
                output += [0xFF, marker]
            default:
                position = try segment(marker, at: markerStart, payload: position)
            }
        }
    }

    /// The segment `marker` whose length field is at `start`: kept, rewritten or removed; a
    /// scan's entropy-coded data is copied with its header. Returns where the next marker is.
    private mutating func segment(_ marker: UInt8, at markerStart: Int, payload start: Int) throws(PhotoMetadataError)
        -> Int
    {
        guard let length = view.bigEndian(start, width: 2) else {
            throw .truncated(.jpeg, "the segment", at: markerStart)
        }
        guard length >= 2 else {
            throw .malformed(.jpeg, "the segment at byte \(ByteCount.grouped(markerStart)) has a length under 2")
        }
        let end = start + length
        guard end <= view.count else { throw .truncated(.jpeg, "the segment", at: markerStart) }
        let data = view.bytes[(start + 2)..<end]
        let whole = view.bytes[markerStart..<end]
        let isJFIF = marker == 0xE0 && data.starts(with: Array("JFIF\0".utf8))
        if !isJFIF { pastLeadingSegments = true }
        switch marker {
        case 0xE0 where isJFIF:
            keepJFIF(data, segmentSize: whole.count)
        case 0xE1 where data.starts(with: ExifOrientation.exifHeader):
            if orientation == nil { orientation = ExifOrientation.read(data) }
            if !Self.isMinimalExif(data) {
                removed.append(RemovedMetadata(.exif, in: "APP1 segment", byteCount: whole.count))
            }
        case 0xE1 where data.starts(with: Array("http://ns.adobe.com/".utf8)):
            removed.append(RemovedMetadata(.xmp, in: "APP1 segment", byteCount: whole.count))
        case 0xE2 where data.starts(with: Array("ICC_PROFILE\0".utf8)),
            0xEE where data.starts(with: Array("Adobe".utf8)):
            output += whole
        case 0xE2 where data.starts(with: Array("MPF\0".utf8)):
            removed.append(RemovedMetadata(.multiPicture, in: "APP2 segment", byteCount: whole.count))
        case 0xE0 where data.starts(with: Array("JFXX\0".utf8)):
            removed.append(RemovedMetadata(.thumbnail, in: "APP0 JFXX segment", byteCount: whole.count))
        case 0xED:
            removed.append(RemovedMetadata(.iptc, in: "APP13 segment", byteCount: whole.count))
        case 0xFE:
            removed.append(RemovedMetadata(.comment, in: "COM segment", byteCount: whole.count))
        case 0xE0...0xEF:
            removed.append(RemovedMetadata(.application, in: "APP\(marker - 0xE0) segment", byteCount: whole.count))
        case 0xDA:
            output += whole
            return try scanData(from: end)
        default:
            output += whole
        }
        return end
    }

    /// Keeps a JFIF APP0 without its thumbnail (width and height 0, no pixels).
    private mutating func keepJFIF(_ data: ArraySlice<UInt8>, segmentSize: Int) {
        let header = 14  // "JFIF\0", version, units, densities, thumbnail width and height
        guard data.count > header else {
            output += [0xFF, 0xE0]
            output.appendBigEndian(data.count + 2, width: 2)
            output += data
            if !pastLeadingSegments { exifPosition = output.count }
            return
        }
        var kept = Array(data.prefix(header))
        kept[12] = 0
        kept[13] = 0
        output += [0xFF, 0xE0]
        output.appendBigEndian(header + 2, width: 2)
        output += kept
        if !pastLeadingSegments { exifPosition = output.count }
        removed.append(RemovedMetadata(.thumbnail, in: "APP0 JFIF segment", byteCount: data.count - header))
    }

    /// Copies entropy-coded data from `start` up to the next marker that is not a stuffed
    /// byte (`FF 00`) or a restart marker; returns that marker's position.
    private mutating func scanData(from start: Int) throws(PhotoMetadataError) -> Int {
        let marker: Int? = view.bytes.withUnsafeBufferPointer { bytes in
            var position = start
            while position + 1 < bytes.count {
                if bytes[position] == 0xFF {
                    let next = bytes[position + 1]
                    if next != 0x00 && !(0xD0...0xD7).contains(next) && next != 0xFF { return position }
                }
                position += 1
            }
            return nil
        }
        guard let marker else { throw .endsEarly(.jpeg, before: "its end-of-image marker") }
        output += view.bytes[start..<marker]
        return marker
    }

    /// The image with the orientation's APP1 put back.
    private mutating func finish() -> ScrubbedImage {
        let kept = ExifOrientation.worthKeeping(orientation)
        if let kept {
            output.insert(contentsOf: Self.minimalExifSegment(kept), at: exifPosition)
        }
        return ScrubbedImage(
            bytes: output, format: .jpeg, removed: removed, keptOrientation: kept, changed: output != view.bytes)
    }

    /// `FF E1`, its length, `Exif\0\0` and the minimal TIFF holding `orientation`.
    static func minimalExifSegment(_ orientation: Int) -> [UInt8] {
        let data = ExifOrientation.exifHeader + ExifOrientation.minimalTIFF(orientation)
        var segment: [UInt8] = [0xFF, 0xE1]
        segment.appendBigEndian(data.count + 2, width: 2)
        return segment + data
    }

    /// Whether an APP1's `data` is exactly the block this scrubber writes (then it is kept as
    /// it is, not counted as removed).
    private static func isMinimalExif(_ data: ArraySlice<UInt8>) -> Bool {
        guard let orientation = ExifOrientation.worthKeeping(ExifOrientation.read(data)) else { return false }
        return data.elementsEqual(ExifOrientation.exifHeader + ExifOrientation.minimalTIFF(orientation))
    }
}
