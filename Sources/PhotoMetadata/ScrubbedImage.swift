/// An image without its metadata, as ``PhotoScrubber`` makes it: the bytes to keep, what was
/// taken out, and the orientation kept so the picture stands the right way up.
public struct ScrubbedImage: Sendable, Hashable {
    /// The image's bytes with no metadata but the orientation.
    public let bytes: [UInt8]
    /// The format it was read as.
    public let format: ImageFormat
    /// What was taken out, in file order; empty when there was nothing to take.
    public let removed: [RemovedMetadata]
    /// The EXIF orientation (2…8) kept in a minimal EXIF block, or `nil` when the picture
    /// stands as stored (orientation 1, or none given). A HEIC keeps its own rotation and
    /// mirror properties (`irot`, `imir`), which are not metadata; this is `nil` for it.
    public let keptOrientation: Int?
    /// Whether ``bytes`` differ from the bytes given: `false` for an image scrubbed before.
    public let changed: Bool
}
