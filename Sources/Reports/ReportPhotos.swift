public import Foundation
public import ReportSteps

/// Where the reports' photos are kept: one photo per report, by the report's identifier.
/// Today a folder beside the store (``ReportPhotoFolder``); the protocol is what a store that
/// keeps photos itself will implement.
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
/// - Ids are independent; an id is any ``ReportID`` (the store's rules).
/// - Failures are ``ReportPhotoError``s whose message says what failed and why.
///
/// ```swift
/// let photos: any ReportPhotos = ReportPhotoFolder(beside: storeURL)
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
}
