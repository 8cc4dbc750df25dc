import Foundation
public import PhotoMetadata
public import ReportSteps
public import ReportStore

/// The rules every photo passes on its way into the store, whatever brings it —
/// `PUT /v1/reports/{id}/photo`, Submit report on the pages, `reports import` — and what
/// `reports scrub-photos` applies to the photos kept before:
///
/// 1. its format from its content (the first bytes), never a name or a declared type;
/// 2. the formats and size the report's flow takes (the ``PhotoStep`` rule: the Missing flow
///    takes JPG, PNG, HEIC, GIF or WEBP, the Found flow PNG or JPG, both up to
///    ``maximumByteCount``);
/// 3. its metadata removed (``PhotoScrubber``: EXIF with its GPS position, serial numbers and
///    owner, XMP, IPTC, comments, text chunks), only the orientation kept.
///
/// What is stored is the scrubbed bytes, with the media type of the content.
///
/// ```swift
/// let photo = try ReportPhotoRules.admit(bytes, for: .missing)
/// photo.photo.type                          // .jpeg, from the bytes
/// photo.removed.map(\.description)          // ["EXIF (APP1 segment, 12,288 bytes)"]
/// ```
public enum ReportPhotoRules {
    /// The largest photo kept: the photo steps' own limit (``PhotoStep/maximumByteCount``, 10 MB),
    /// which is the body limit of `PUT /v1/reports/{id}/photo` too.
    public static let maximumByteCount = PhotoStep.maximumByteCount

    /// The photo step whose rule a report of `kind` follows.
    public static func step(for kind: ReportKind) -> PhotoStep {
        PhotoStep(copy: kind == .found ? .foundFlow : .missingFlow)
    }

    /// `bytes` as the photo of a report of `kind`: checked, then scrubbed.
    ///
    /// - Throws: ``PhotoError``: empty, not an image, a format the flow does not take, too
    ///   large, or damaged (``PhotoError/damaged(_:message:)``, the scrubber's message).
    public static func admit(_ bytes: [UInt8], for kind: ReportKind) throws(PhotoError) -> AdmittedPhoto {
        try admit(bytes, by: step(for: kind))
    }

    /// `bytes` checked by `step`'s rule and the limit, then scrubbed (nothing attached).
    static func admit(_ bytes: [UInt8], by step: PhotoStep) throws(PhotoError) -> AdmittedPhoto {
        let type = try step.check(head: bytes.prefix(64), byteCount: bytes.count)
        guard bytes.count <= maximumByteCount else { throw .tooLarge(byteCount: bytes.count, limit: maximumByteCount) }
        return try scrub(bytes, as: type)
    }

    /// `bytes`, a `type` image, without its metadata (the scrubbing step alone, for photos
    /// that passed the rules when they were kept).
    ///
    /// - Throws: ``PhotoError/damaged(_:message:)`` when the bytes are not a whole `type` image.
    public static func scrub(_ bytes: [UInt8], as type: ImageType) throws(PhotoError) -> AdmittedPhoto {
        do throws(PhotoMetadataError) {
            return AdmittedPhoto(try PhotoScrubber.scrub(bytes, as: type.metadataFormat), type: type)
        } catch {
            throw .damaged(type, message: error.description)
        }
    }
}

/// A photo that passed ``ReportPhotoRules``: the photo to keep and what was taken out of it.
public struct AdmittedPhoto: Sendable, Hashable {
    /// The photo to keep: the scrubbed bytes, the content's type.
    public let photo: ReportPhoto
    /// The metadata taken out, in file order (empty for a photo scrubbed before).
    public let removed: [RemovedMetadata]
    /// The EXIF orientation kept (2…8), or `nil`.
    public let keptOrientation: Int?
    /// Whether the bytes changed.
    public let changed: Bool

    init(_ scrubbed: ScrubbedImage, type: ImageType) {
        photo = ReportPhoto(bytes: Data(scrubbed.bytes), type: type)
        removed = scrubbed.removed
        keptOrientation = scrubbed.keptOrientation
        changed = scrubbed.changed
    }
}

extension ImageType {
    /// The format ``PhotoScrubber`` reads this type as.
    public var metadataFormat: ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        case .gif: .gif
        case .heic: .heic
        }
    }
}
