public import Foundation

/// A store that keeps its reports' photos itself, in the same database as the reports: the
/// SQLite file, or a PostgreSQL `bytea` table. Every server on the store sees the same photos,
/// a photo is written in the same transaction as a new report (``add(_:photo:)``), and
/// removing a report removes its photo with it (a foreign key with `ON DELETE CASCADE`).
///
/// ## Implementation requirements
/// `ReportPhotosContract` (through `StoreKeptPhotos` in `Reports`) and `ReportStoreContract`
/// check them against each engine:
/// - ``setPhotos(_:)`` replaces each report's photo, all or none, whole or not at all; a report that is
///   not stored fails with ``ReportStoreError/Reason/notFound`` and keeps no photo.
/// - ``add(_:photo:)`` stores the report and its photo together or neither.
/// - ``photos(ids:)`` gives the last photo set of each, byte for byte, with its media type and tag;
///   ``photoType(id:)`` the media type alone (it is asked for every card); both `nil` when
///   there is none, or no such report.
/// - ``remove(id:)`` (the report's) and ``removePhoto(id:)`` leave no photo behind.
/// - ``replacePhoto(id:tagged:with:)`` replaces a photo only while it still has the tag given.
///
/// ```swift
/// try await store.add(report, photo: StoredPhoto(bytes: png, mediaType: "image/png", tag: tag))
/// try await store.photo(id: report.id)?.mediaType       // "image/png"
/// ```
public protocol ReportPhotoStore: ReportStore {
    /// Stores `report` and `photo` as its photo in one transaction: both or neither.
    ///
    /// - Throws: what ``ReportStore/add(_:)`` throws.
    func add(_ report: PetReport, photo: StoredPhoto) async throws(ReportStoreError)

    /// Makes each photo its report's photo, replacing any earlier one, in one transaction:
    /// all or none (an import or a copy keeps a page of photos at a time).
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound`` when no report has one of the ids (then
    ///   none is kept); `unavailable`.
    func setPhotos(_ photos: [(id: String, photo: StoredPhoto)]) async throws(ReportStoreError)

    /// The photos of the reports `ids` that have one, by id (one query for a page of an
    /// export or a copy).
    func photos(ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto]

    /// The media type of report `id`'s photo, or `nil` when it has none.
    func photoType(id: String) async throws(ReportStoreError) -> String?

    /// Removes report `id`'s photo; nothing to do when it has none.
    func removePhoto(id: String) async throws(ReportStoreError)

    /// Replaces report `id`'s photo with `photo` only while its photo is still the one tagged
    /// `tag`, in one statement: a photo put or removed meanwhile is left as that change left it
    /// (`petspot reports scrub-photos` beside a running server).
    ///
    /// - Returns: Whether the photo was replaced.
    func replacePhoto(id: String, tagged tag: String, with photo: StoredPhoto) async throws(ReportStoreError) -> Bool
}

extension ReportPhotoStore {
    /// Makes `photo` report `id`'s photo, replacing any earlier one.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound`` when no report has `id`; `unavailable`.
    public func setPhoto(_ photo: StoredPhoto, id: String) async throws(ReportStoreError) {
        try await setPhotos([(id, photo)])
    }

    /// Report `id`'s photo, or `nil` when it has none (or there is no such report).
    public func photo(id: String) async throws(ReportStoreError) -> StoredPhoto? {
        try await photos(ids: [id])[id]
    }
}

/// A report's photo as a store keeps it.
public struct StoredPhoto: Sendable, Hashable {
    /// The image's bytes.
    public let bytes: Data
    /// Its media type, `image/png`.
    public let mediaType: String
    /// A short name for exactly these bytes (an HTTP entity tag, without its quotes), made by
    /// whoever writes the photo: `Reports` uses the SHA-256 of the bytes.
    public let tag: String

    /// A photo of `mediaType`, tagged `tag`.
    public init(bytes: Data, mediaType: String, tag: String) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.tag = tag
    }
}
