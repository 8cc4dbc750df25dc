public import Foundation
public import ReportSteps
public import ReportStore

/// Where the reports' photos are kept: one photo per report, by the report's identifier. A
/// store that keeps them itself (``StoreKeptPhotos``, what `petspot serve` uses), a folder
/// (``ReportPhotoFolder``: where servers before the photos moved into the store kept them),
/// or memory (``InMemoryReportPhotos``).
///
/// Implementation requirements (``ReportPhotosContract`` in `ReportStoreTestSupport` checks
/// every implementation against them):
///
/// - ``write(_:type:id:)`` makes `bytes` report `id`'s photo, replacing an earlier one of
///   any type, whole or not at all: a reader gets the old photo or the new one, never a part
///   of either, and a write that fails leaves the earlier photo as it was. Writes for one id
///   at the same time leave one of them, whole.
/// - ``photo(id:)`` gives the last photo written for `id` with its type, and ``type(id:)``
///   its type alone (cheaply: it is asked for every card); both `nil` when there is none.
/// - ``remove(id:)`` leaves `id` without a photo, and does nothing when it has none.
/// - Ids are independent; an id is any ``ReportID`` (the store's rules). A keeper may keep
///   photos of stored reports only: it then fails with ``ReportPhotoError/Reason/noReport``.
/// - ``keep(_:photo:in:)`` stores a report with its photo, both or neither.
/// - Failures are ``ReportPhotoError``s whose message says what failed and why.
///
/// ```swift
/// let photos: any ReportPhotos = StoreKeptPhotos(store)
/// try await photos.write(bytes, type: .png, id: "r-0123456789abcdef")
/// try await photos.photo(id: "r-0123456789abcdef")?.type      // .png
/// ```
public protocol ReportPhotos: Sendable {
    /// Makes `bytes` (an image of `type`) report `id`'s photo, replacing any earlier one.
    ///
    /// - Throws: ``ReportPhotoError`` when it cannot be kept; the earlier photo stays.
    func write(_ bytes: Data, type: ImageType, id: String) async throws(ReportPhotoError)

    /// Report `id`'s photo, or `nil` when it has none.
    ///
    /// - Throws: ``ReportPhotoError`` when it is there but cannot be read.
    func photo(id: String) async throws(ReportPhotoError) -> ReportPhoto?

    /// The type of report `id`'s photo, or `nil` when it has none.
    ///
    /// - Throws: ``ReportPhotoError`` when that cannot be found out.
    func type(id: String) async throws(ReportPhotoError) -> ImageType?

    /// Removes report `id`'s photo; nothing to do when it has none.
    ///
    /// - Throws: ``ReportPhotoError`` when it is there and cannot be removed.
    func remove(id: String) async throws(ReportPhotoError)

    /// Stores `report` in `store` and `photo` as its photo: both or neither.
    ///
    /// - Throws: ``ReportPhotoError``, or the store's ``ReportStoreError``.
    func keep(_ report: PetReport, photo: PhotoAttachment, in store: any ReportStore) async throws
}

extension ReportPhotos {
    /// The photo first, then the report; a report the store refuses has its photo removed.
    public func keep(_ report: PetReport, photo: PhotoAttachment, in store: any ReportStore) async throws {
        try await ReportKeeper.keepSeparately(report, photo: photo, photos: self, store: store)
    }
}
