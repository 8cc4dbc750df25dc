/// The one EXIF tag a scrubbed photo keeps: Orientation (`0x0112`), which says how the
/// camera held the picture (1 as stored, 6 turned 90° clockwise, …). Read from an EXIF
/// block's TIFF structure, and written back as the smallest TIFF that holds it alone.
enum ExifOrientation {
    /// The Orientation tag.
    static let tag = 0x0112
    /// `Exif\0\0`, which starts EXIF in a JPEG APP1 segment (and sometimes in PNG and WebP).
    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The orientation (1…8) in EXIF data `block` (a TIFF header, after `Exif\0\0` if it has
    /// one), or `nil` when it has none or cannot be read: the block is thrown away either way,
    /// so a broken one costs only its orientation.
    static func read(_ block: ArraySlice<UInt8>) -> Int? {
        var tiff = Array(block)
        if tiff.starts(with: exifHeader) { tiff.removeFirst(exifHeader.count) }
        let view = ByteView(bytes: tiff)
        let number: (Int, Int) -> Int?
        if view.has("II*\0", at: 0) {
            number = { view.littleEndian($0, width: $1) }
        } else if view.has("MM\0*", at: 0) {
            number = { view.bigEndian($0, width: $1) }
        } else {
            return nil
        }
        guard let ifd = number(4, 4), let count = number(ifd, 2) else { return nil }
        // Each entry is 12 bytes; the count cannot claim more entries than the block holds.
        for entry in 0..<min(count, max(0, (tiff.count - ifd - 2) / 12)) {
            let offset = ifd + 2 + entry * 12
            guard number(offset, 2) == tag else { continue }
            guard number(offset + 2, 2) == 3, let value = number(offset + 8, 2), (1...8).contains(value) else {
                return nil
            }
            return value
        }
        return nil
    }

    /// The smallest TIFF structure holding `orientation` alone: big-endian header, one IFD of
    /// one SHORT entry, no next IFD (26 bytes).
    static func minimalTIFF(_ orientation: Int) -> [UInt8] {
        var tiff: [UInt8] = Array("MM\0*".utf8)
        tiff.appendBigEndian(8, width: 4)  // IFD0 right after the header
        tiff.appendBigEndian(1, width: 2)  // one entry
        tiff.appendBigEndian(tag, width: 2)
        tiff.appendBigEndian(3, width: 2)  // SHORT
        tiff.appendBigEndian(1, width: 4)  // one value
        tiff.appendBigEndian(orientation, width: 2)
        tiff.appendBigEndian(0, width: 2)  // the value's padding
        tiff.appendBigEndian(0, width: 4)  // no next IFD
        return tiff
    }

    /// The orientation to write back: `nil` for none or 1 (the picture stands as stored).
    static func worthKeeping(_ orientation: Int?) -> Int? {
        guard let orientation, orientation != 1 else { return nil }
        return orientation
    }
}
