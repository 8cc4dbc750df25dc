/// The image formats whose metadata ``PhotoScrubber`` removes: those a report's photo may be
/// (the caller decides the format from the content, never from a name or a media type).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// JPEG (JFIF or Exif): segments after `FF D8`.
    case jpeg = "JPG"
    /// PNG: chunks after the 8-byte signature.
    case png = "PNG"
    /// WebP: chunks of a RIFF `WEBP` file.
    case webp = "WEBP"
    /// GIF 87a or 89a: blocks and extensions.
    case gif = "GIF"
    /// HEIC/HEIF: ISO base media file format boxes; metadata lives in items of the `meta` box.
    case heic = "HEIC"

    /// `"JPG"`, `"PNG"`, … as a person names the format.
    public var description: String { rawValue }
}
