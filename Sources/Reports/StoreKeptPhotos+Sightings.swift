import Foundation
import ReportStore

/// The sightings' photos the store keeps (``SightingStore``: table `sighting_photo`), as
/// ``ReportPhoto``s: what `reports export`, `import` and `copy` move with the sightings.
extension StoreKeptPhotos {
    /// The photos of the sightings `ids` that have one, by sighting id: one query.
    public func sightingPhotos(ids: [String]) async throws(ReportPhotoError) -> [String: ReportPhoto] {
        let stored = try await Self.translating("reading \(ids.count) sightings' photos") {
            () async throws(ReportStoreError) in try await store.sightingPhotos(ids: ids)
        }
        return try Self.photos(stored)
    }

    /// Keeps every sighting's photo, in one transaction: all or none.
    ///
    /// - Throws: ``ReportPhotoError``: ``ReportPhotoError/Reason/noReport`` when one of the
    ///   sightings is not stored (then none is kept).
    public func writeSightingPhotos(_ photos: [(id: String, photo: ReportPhoto)]) async throws(ReportPhotoError) {
        let stored = photos.map { (id: $0.id, photo: StoredPhoto($0.photo)) }
        try await Self.translating("keeping \(photos.count) sightings' photos") { () async throws(ReportStoreError) in
            try await store.setSightingPhotos(stored)
        }
    }
}
