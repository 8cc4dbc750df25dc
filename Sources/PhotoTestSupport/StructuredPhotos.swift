/// Images of any size whose structure is whole — segments, chunks, lengths that hold — with
/// filler for pixels: what a test needs to send a photo of a given size that the photo rules
/// take and the scrubber leaves byte for byte (they carry no metadata), without a decoder.
///
/// ```swift
/// let png = StructuredPhotos.png(byteCount: 300_000)   // 300,000 bytes, kept as they are
/// ```
public enum StructuredPhotos {
    /// A PNG of exactly `byteCount` bytes (at least 57): signature, a 1 × 1 `IHDR`, one
    /// `IDAT` of `fill` bytes, `IEND`.
    public static func png(byteCount: Int, fill: UInt8 = 7) -> [UInt8] {
        let fixed = 8 + 25 + 12 + 12
        let data = [UInt8](repeating: fill, count: max(0, byteCount - fixed))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]) + chunk("IDAT", data) + chunk("IEND", [])
    }

    /// A JPEG of exactly `byteCount` bytes (at least 26): `SOI`, a JFIF `APP0`, a scan header
    /// and `fill` bytes as its data (never `FF`), `EOI`.
    public static func jpeg(byteCount: Int, fill: UInt8 = 9) -> [UInt8] {
        let fill = fill == 0xFF ? 0xFE : fill
        let jfif: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        let scan: [UInt8] = [0xFF, 0xDA, 0, 2]
        let fixed = 2 + jfif.count + scan.count + 2
        return [0xFF, 0xD8] + jfif + scan + [UInt8](repeating: fill, count: max(0, byteCount - fixed)) + [0xFF, 0xD9]
    }

    /// A PNG chunk: length, type, data, and a checksum (not checked by the scrubber: zeros).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = data.count
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + Array(type.utf8) + data + [0, 0, 0, 0]
    }
}
