/// An image format recognised from a file's first bytes (its *magic bytes*), never from its
/// name: a PNG called `cat.jpg` is a PNG, a text file called `cat.png` is nothing.
///
/// ```swift
/// ImageType.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])   // .png
/// ImageType.detect(Array("GIF89a".utf8))                                  // .gif
/// ImageType.detect(Array("hello".utf8))                                   // nil
/// ```
public enum ImageType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// JPEG: `FF D8 FF`.
    case jpeg = "JPG"
    /// PNG: `89 50 4E 47 0D 0A 1A 0A`.
    case png = "PNG"
    /// HEIC/HEIF: an ISO-BMFF `ftyp` box with a HEIF brand.
    case heic = "HEIC"
    /// GIF: `GIF87a` or `GIF89a`.
    case gif = "GIF"
    /// WebP: `RIFF` … `WEBP`.
    case webp = "WEBP"

    /// The MIME type for uploads.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// `"JPG"`, `"PNG"`, …
    public var description: String { rawValue }

    /// HEIF brands of still images and sequences (ISO/IEC 23008-12), HEVC-coded or generic.
    static let heifBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1",
    ]

    /// The format of a file starting with `bytes`, or `nil` when it is none of the five.
    public static func detect(_ bytes: some Collection<UInt8>) -> ImageType? {
        let head = Array(bytes.prefix(64))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if isHEIF(head) { return .heic }
        return nil
    }

    /// `size "ftyp" major minor compatible…`: HEIF when the major brand or, for the generic
    /// `mif1`/`msf1` brands, no AVIF brand says otherwise.
    private static func isHEIF(_ head: [UInt8]) -> Bool {
        guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return false }
        let boxSize = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, max(boxSize, 16))
        var brands: [String] = [String(decoding: head[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        let major = brands[0]
        if ["avif", "avis"].contains(major) { return false }
        if heifBrands.contains(major) && major != "mif1" && major != "msf1" { return true }
        if major == "mif1" || major == "msf1" { return !brands.contains("avif") && !brands.contains("avis") }
        return brands.dropFirst().contains { heifBrands.contains($0) && $0 != "mif1" && $0 != "msf1" }
    }
}
