import Foundation
import ReportStore

/// The photo calls of a measured store are timed and counted as its report calls are.
extension MeasuredReportStore: ReportPhotoStore {
    /// The store behind, as one that keeps photos.
    private var photoBase: any ReportPhotoStore {
        get throws(ReportStoreError) {
            guard let base = base as? any ReportPhotoStore else {
                throw .storage("keeping a photo", "this store keeps no photos")
            }
            return base
        }
    }

    func add(_ report: PetReport, photo: StoredPhoto) async throws(ReportStoreError) {
        let base = try photoBase
        try await measure("addWithPhoto") { () async throws(ReportStoreError) in
            try await base.add(report, photo: photo)
        }
    }

    func setPhotos(_ photos: [(id: String, photo: StoredPhoto)]) async throws(ReportStoreError) {
        let base = try photoBase
        try await measure("setPhotos") { () async throws(ReportStoreError) in try await base.setPhotos(photos) }
    }

    func photos(ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto] {
        let base = try photoBase
        return try await measure("photos") { () async throws(ReportStoreError) in try await base.photos(ids: ids) }
    }

    func photoType(id: String) async throws(ReportStoreError) -> String? {
        let base = try photoBase
        return try await measure("photoType") { () async throws(ReportStoreError) in
            try await base.photoType(id: id)
        }
    }

    func removePhoto(id: String) async throws(ReportStoreError) {
        let base = try photoBase
        try await measure("removePhoto") { () async throws(ReportStoreError) in try await base.removePhoto(id: id) }
    }
}
