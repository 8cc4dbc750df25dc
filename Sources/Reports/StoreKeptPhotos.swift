public import Foundation
public import ReportSteps
public import ReportStore

/// The photos a store keeps itself (``ReportPhotoStore``: the SQLite file, PostgreSQL's
/// `report_photo`), as ``ReportPhotos``: what `petspot serve` and the report commands use, so
/// every server on one database sees the same photos and a report's photo goes with it.
///
/// A photo can only belong to a stored report (``ReportPhotoError/Reason/noReport``
/// otherwise), so a new report and its photo are kept in one transaction by
/// ``keep(_:photo:in:)``.
///
/// ```swift
/// let photos = StoreKeptPhotos(store)
/// try await photos.keep(report, photo: attachment, in: store)   // one transaction
/// try await photos.photo(id: report.id)?.type                   // .png
/// ```
public struct StoreKeptPhotos: ReportPhotos {
    /// The store that keeps them.
    public let store: any ReportPhotoStore

    /// The photos `store` keeps.
    public init(_ store: any ReportPhotoStore) {
        self.store = store
    }

    /// The photos of `store` when it keeps them, else `nil`.
    public init?(keptBy store: any ReportStore) {
        guard let store = store as? any ReportPhotoStore else { return nil }
        self.store = store
    }

    public func write(_ bytes: Data, type: ImageType, id: String) async throws(ReportPhotoError) {
        let photo = StoredPhoto(ReportPhoto(bytes: bytes, type: type))
        try await Self.translating("keeping the photo of \(id)") { () async throws(ReportStoreError) in
            try await store.setPhoto(photo, id: id)
        }
    }

    /// Keeps every photo, in one transaction: all or none (an import's or a copy's page).
    ///
    /// - Throws: ``ReportPhotoError``: ``ReportPhotoError/Reason/noReport`` when one of the
    ///   reports is not stored (then none is kept).
    public func writeAll(_ photos: [(id: String, photo: ReportPhoto)]) async throws(ReportPhotoError) {
        let stored = photos.map { (id: $0.id, photo: StoredPhoto($0.photo)) }
        try await Self.translating("keeping \(photos.count) photos") { () async throws(ReportStoreError) in
            try await store.setPhotos(stored)
        }
    }

    /// The photos of the reports `ids` that have one, by id: one query.
    public func photos(ids: [String]) async throws(ReportPhotoError) -> [String: ReportPhoto] {
        let stored = try await Self.translating("reading \(ids.count) photos") {
            () async throws(ReportStoreError) in try await store.photos(ids: ids)
        }
        return try Self.photos(stored)
    }

    public func photo(id: String) async throws(ReportPhotoError) -> ReportPhoto? {
        let stored = try await Self.translating("reading the photo of \(id)") {
            () async throws(ReportStoreError) in try await store.photo(id: id)
        }
        return try stored.map { (stored) throws(ReportPhotoError) in try Self.photo(stored, id: id) }
    }

    public func type(id: String) async throws(ReportPhotoError) -> ImageType? {
        let type = try await Self.translating("reading the photo of \(id)") {
            () async throws(ReportStoreError) in try await store.photoType(id: id)
        }
        return try type.map { (type) throws(ReportPhotoError) in try Self.type(type, id: id) }
    }

    public func remove(id: String) async throws(ReportPhotoError) {
        try await Self.translating("removing the photo of \(id)") { () async throws(ReportStoreError) in
            try await store.removePhoto(id: id)
        }
    }

    /// Stores `report` and `photo` in one transaction in the store that keeps the photos
    /// (`store` is that same store, or a wrapper of it, in a ``ReportKeeper``).
    public func keep(_ report: PetReport, photo: PhotoAttachment, in store: any ReportStore) async throws {
        try await self.store.add(report, photo: StoredPhoto(ReportPhoto(bytes: Data(photo.bytes), type: photo.type)))
    }

    /// A stored photo as a ``ReportPhoto``, its media type checked.
    static func photo(_ stored: StoredPhoto, id: String) throws(ReportPhotoError) -> ReportPhoto {
        ReportPhoto(bytes: stored.bytes, type: try type(stored.mediaType, id: id), tag: stored.tag)
    }

    /// Stored photos by id as ``ReportPhoto``s.
    static func photos(_ stored: [String: StoredPhoto]) throws(ReportPhotoError) -> [String: ReportPhoto] {
        var photos: [String: ReportPhoto] = [:]
        for (id, photo) in stored { photos[id] = try self.photo(photo, id: id) }
        return photos
    }

    static func type(_ mediaType: String, id: String) throws(ReportPhotoError) -> ImageType {
        guard let type = ImageType.allCases.first(where: { $0.mimeType == mediaType }) else {
            throw .failed("The photo of report \(id) is of a type petspot does not know (\(mediaType)).")
        }
        return type
    }

    /// A store's failure as a photo keeper's; a report that is not there stays `notFound`.
    static func translating<T>(_ what: String, _ body: () async throws(ReportStoreError) -> T)
        async throws(ReportPhotoError) -> T
    {
        do {
            return try await body()
        } catch {
            throw error.reason == .notFound ? .noReport(error.description) : .failed("Failed \(what): \(error)")
        }
    }
}

extension StoredPhoto {
    /// `photo` as a store keeps it.
    public init(_ photo: ReportPhoto) {
        self.init(bytes: photo.bytes, mediaType: photo.type.mimeType, tag: photo.tag)
    }
}
