/// One block of metadata taken out of an image: what it held, where it was, how large.
///
/// ```swift
/// RemovedMetadata(.exif, in: "APP1 segment", byteCount: 12_288).description
/// // "EXIF (APP1 segment, 12,288 bytes)"
/// ```
public struct RemovedMetadata: Sendable, Hashable, CustomStringConvertible {
    /// What a removed block held.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// EXIF: camera make and model, serial numbers, owner, GPS position, times, thumbnail.
        case exif = "EXIF"
        /// XMP: Adobe's XML metadata (creator, rights, places, edit history).
        case xmp = "XMP"
        /// IPTC or Photoshop image resources (JPEG APP13): captions, names, places.
        case iptc = "IPTC/Photoshop"
        /// A comment (JPEG `COM`, GIF comment extension).
        case comment
        /// A text entry (PNG `tEXt`, `iTXt`, `zTXt`).
        case text
        /// A time stamp (PNG `tIME`).
        case time
        /// An embedded thumbnail outside EXIF (JFIF, JFXX).
        case thumbnail
        /// A multi-picture index (JPEG `MPF`) whose pictures follow the image.
        case multiPicture = "multi-picture index"
        /// Data a camera or editor keeps for itself (other `APPn` segments, private chunks,
        /// application extensions).
        case application = "application data"
        /// Bytes after the image's end (phones append depth maps, their own metadata).
        case trailingData = "data after the end of the image"
    }

    /// What the block held.
    public let kind: Kind
    /// Where it was: `"APP1 segment"`, `"tEXt chunk"`, `"item 5"`.
    public let location: String
    /// Its size in the file, headers included.
    public let byteCount: Int

    /// A block of `kind` found at `location`, `byteCount` bytes long.
    public init(_ kind: Kind, in location: String, byteCount: Int) {
        self.kind = kind
        self.location = location
        self.byteCount = byteCount
    }

    /// `"EXIF (APP1 segment, 12,288 bytes)"`.
    public var description: String {
        "\(kind.rawValue) (\(location), \(ByteCount.grouped(byteCount)) byte\(byteCount == 1 ? "" : "s"))"
    }
}
