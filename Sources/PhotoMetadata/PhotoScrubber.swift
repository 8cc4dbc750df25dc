/// Takes the metadata out of a photo: EXIF (GPS position, camera make, model and serial
/// number, owner, times, thumbnail), XMP, IPTC/Photoshop resources, comments and text chunks,
/// keeping only what says which way up the picture stands. Pure byte-level parsing of JPEG,
/// PNG, WebP, GIF and HEIC: no decoding, no pixel changes, no dependencies.
///
/// Each format's rules are in its scrubber (``JPEGScrubber``, ``PNGScrubber``,
/// ``WebPScrubber``, ``GIFScrubber``, ``HEICScrubber``). Every length and offset in the file
/// is checked against its end, every loop moves forward or is bounded, and a file that is cut
/// short, lies about a length or is not the format it was given as ends in a
/// ``PhotoMetadataError`` whose message says so; nothing in the input can trap.
///
/// Scrubbing a scrubbed image gives the same bytes, with nothing in ``ScrubbedImage/removed``
/// and ``ScrubbedImage/changed`` `false`.
///
/// ```swift
/// let clean = try PhotoScrubber.scrub(jpegBytes, as: .jpeg)
/// clean.removed.map(\.description)   // ["EXIF (APP1 segment, 12,288 bytes)", "comment (COM segment, 24 bytes)"]
/// clean.keptOrientation               // 6: a minimal EXIF block with tag 0x0112 alone
/// ```
public enum PhotoScrubber {
    /// `bytes`, a `format` image, without its metadata.
    ///
    /// - Parameters:
    ///   - bytes: The image file's bytes; the caller has decided `format` from them.
    ///   - format: What the bytes are.
    /// - Returns: The bytes to keep, what was removed and the orientation kept.
    /// - Throws: ``PhotoMetadataError`` when the bytes are not a whole `format` image.
    public static func scrub(_ bytes: [UInt8], as format: ImageFormat) throws(PhotoMetadataError) -> ScrubbedImage {
        let kind: any FormatScrubber.Type =
            switch format {
            case .jpeg: JPEGScrubber.self
            case .png: PNGScrubber.self
            case .webp: WebPScrubber.self
            case .gif: GIFScrubber.self
            case .heic: HEICScrubber.self
            }
        var scrubber = kind.init(bytes)
        return try scrubber.scrub()
    }
}
