public import Foundation
public import ReportSteps
public import ReportStore

/// The report's use cases, one place for each: make a report (with its photo, its owner token
/// and its idempotency key), change its status, replace its photo, remove it. The HTTP routes
/// (Submit report, `POST /v1/reports/…`, `PATCH`, `PUT …/photo`, `DELETE`) and the commands
/// (`petspot report --save`, `reports close`, `reports remove`, `reports forget`) call these, and
/// only translate requests and answers; the rules stay here and in the store beside the record
/// (``StatusTransitions`` in the statement that writes the status, ``PetReport/validate()``).
///
/// ```swift
/// let keeper = ReportKeeper(store: store, photos: StoreKeptPhotos(keptBy: store))
/// let made = try await keeper.create(report, photo: state.photo, idempotencyKey: key, owner: .make())
/// _ = try await keeper.setStatus(.closed, id: made.report.id)
/// try await keeper.remove(id: made.report.id)       // the report, then its photo
/// ```
public struct ReportKeeper: Sendable {
    /// Where reports are kept.
    public let store: any ReportStore
    /// Where their photos are kept; `nil` keeps none (a report with a photo is then refused).
    public let photos: (any ReportPhotos)?
    /// The time now: a report made now starts its age then (``PetReport/renewedAt``).
    let now: @Sendable () -> Date

    /// A keeper over `store` and `photos`, reading the time from `now`.
    public init(store: any ReportStore, photos: (any ReportPhotos)?, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.photos = photos
        self.now = now
    }

    /// Keeps `report` with `photo`, both or neither: in one transaction when the store keeps
    /// the photos (``StoreKeptPhotos``); otherwise the photo first, then the report, and the
    /// photo is removed again when the store refuses the report.
    ///
    /// - Throws: ``ReportKeeperError/photo(_:)`` (the photo could not be kept, or photos are
    ///   not kept here); ``ReportKeeperError/store(_:)`` (the store refused the report or failed).
    public func add(_ report: PetReport, photo: PhotoAttachment?) async throws(ReportKeeperError) {
        do {
            guard let photo else { return try await store.add([report]) }
            guard let photos else { throw ReportPhotoError.notKept }
            try await photos.keep(report, photo: photo, in: store)
        } catch {
            throw Self.translated(error)
        }
    }

    /// Sets report `id`'s status, when its kind and its status now allow it: the store checks
    /// ``StatusTransitions`` in the statement that writes it (so two at once cannot both pass),
    /// and the same status again writes and announces nothing.
    ///
    /// - Returns: the report as stored now.
    public func setStatus(_ status: ReportStatus, id: String) async throws(ReportKeeperError) -> PetReport {
        do throws(ReportStoreError) {
            return try await store.setStatus(status, id: id)
        } catch {
            throw .store(error)
        }
    }

    /// Makes `photo` (checked by ``ReportPhotoRules`` and without its metadata) report `id`'s
    /// photo, replacing any earlier one. A report removed while the photo arrived keeps none:
    /// it is looked up again after the write, and the photo removed when the report is gone.
    ///
    /// - Throws: ``ReportKeeperError/removedWhilePhotoArrived(id:)``; ``ReportKeeperError/photo(_:)``
    ///   (the earlier photo stays); ``ReportKeeperError/store(_:)``.
    public func replacePhoto(id: String, with photo: ReportPhoto) async throws(ReportKeeperError) {
        guard let photos else { throw .photo(.notKept) }
        do throws(ReportPhotoError) {
            try await photos.write(photo.bytes, type: photo.type, id: id)
        } catch {
            throw error.reason == .noReport ? .removedWhilePhotoArrived(id: id) : .photo(error)
        }
        do throws(ReportStoreError) {
            _ = try await store.report(id: id)
        } catch {
            guard error.reason == .notFound else { throw .store(error) }
            try? await photos.remove(id: id)
            throw .removedWhilePhotoArrived(id: id)
        }
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
    /// - Throws: ``ReportKeeperError/store(_:)`` (no such report: nothing is removed); then
    ///   ``ReportKeeperError/photo(_:)`` when the report is gone but its photo could not be removed.
    public func remove(id: String) async throws(ReportKeeperError) {
        do {
            try await store.remove(id: id)
            try await photos?.remove(id: id)
        } catch {
            throw Self.translated(error)
        }
    }

    /// A store's or a photo keeper's error as the keeper's.
    static func translated(_ error: any Error) -> ReportKeeperError {
        switch error {
        case let error as ReportKeeperError: error
        case let error as ReportPhotoError: .photo(error)
        case let error as ReportStoreError: .store(error)
        default: .photo(.failed("\(error)"))
        }
    }
}
