import Foundation
public import ReportSteps
public import ReportStore

/// A report and its photo kept as one: the store for the report, ``ReportPhotos`` for its
/// photo. Submit report on the pages, `DELETE /v1/reports/{id}` and `petspot reports remove`
/// all go through here, so a report is never left with half of itself.
///
/// ```swift
/// let keeper = ReportKeeper(store: store, photos: ReportPhotoFolder(beside: url))
/// try await keeper.add(report, photo: state.photo)   // the photo, then the report
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

    /// Keeps `report` with `photo`: the photo first, then the report. When the photo cannot
    /// be kept nothing is stored; when the store refuses the report, the photo written for it
    /// is removed again.
    ///
    /// - Throws: ``ReportPhotoError`` (the photo could not be kept, or photos are not kept
    ///   here); ``ReportStoreError`` (the store refused the report or failed).
    public func add(_ report: PetReport, photo: PhotoAttachment?) async throws {
        if let photo {
            guard let photos else { throw ReportPhotoError.notKept }
            try await photos.write(Data(photo.bytes), type: photo.type, id: report.id)
        }
        do {
            try await store.add([report])
        } catch {
            if photo != nil { try? await photos?.remove(id: report.id) }
            throw error
        }
    }

    /// Removes report `id`, then its photo.
    ///
    /// - Throws: ``ReportStoreError`` (no such report: nothing is removed); then
    ///   ``ReportPhotoError`` when the report is gone but its photo could not be removed.
    public func remove(id: String) async throws {
        try await store.remove(id: id)
        try await photos?.remove(id: id)
    }
}
