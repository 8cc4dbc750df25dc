import Foundation
public import ReportSteps
public import ReportStore

/// A report and its photo kept as one: the store for the report, ``ReportPhotos`` for its
/// photo (the same store, with ``StoreKeptPhotos``). Submit report on the pages,
/// `DELETE /v1/reports/{id}` and `petspot reports remove` all go through here, so a report is
/// never left with half of itself.
///
/// ```swift
/// let keeper = ReportKeeper(store: store, photos: StoreKeptPhotos(store))
/// try await keeper.add(report, photo: state.photo)   // one transaction
/// try await keeper.remove(id: report.id)             // the report, then its photo
/// ```
public struct ReportKeeper: Sendable {
    /// Where reports are kept.
    public let store: any ReportStore
    /// Where their photos are kept; `nil` keeps none (a report with a photo is then refused).
    public let photos: (any ReportPhotos)?

    /// A keeper over `store` and `photos`.
    public init(store: any ReportStore, photos: (any ReportPhotos)?) {
        self.store = store
        self.photos = photos
    }

    /// Keeps `report` with `photo`, both or neither: in one transaction when the store keeps
    /// the photos (``StoreKeptPhotos``); otherwise the photo first, then the report, and the
    /// photo is removed again when the store refuses the report.
    ///
    /// - Throws: ``ReportPhotoError`` (the photo could not be kept, or photos are not kept
    ///   here); ``ReportStoreError`` (the store refused the report or failed).
    public func add(_ report: PetReport, photo: PhotoAttachment?) async throws {
        guard let photo else { return try await store.add([report]) }
        guard let photos else { throw ReportPhotoError.notKept }
        try await photos.keep(report, photo: photo, in: store)
    }

    /// The photo in `photos`, then the report in `store`; when the store refuses the report,
    /// its photo is removed again.
    static func keepSeparately(
        _ report: PetReport, photo: PhotoAttachment, photos: some ReportPhotos, store: any ReportStore
    ) async throws {
        try await photos.write(Data(photo.bytes), type: photo.type, id: report.id)
        do {
            try await store.add([report])
        } catch {
            try? await photos.remove(id: report.id)
            throw error
        }
    }

    /// Removes report `id`, then its photo (a store that keeps photos removes it with the
    /// report; removing it again finds nothing).
    ///
    /// - Throws: ``ReportStoreError`` (no such report: nothing is removed); then
    ///   ``ReportPhotoError`` when the report is gone but its photo could not be removed.
    public func remove(id: String) async throws {
        try await store.remove(id: id)
        try await photos?.remove(id: id)
    }
}
