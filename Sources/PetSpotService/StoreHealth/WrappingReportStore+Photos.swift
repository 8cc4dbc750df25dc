import ReportStore

/// The photo calls of a wrapping store go through its hook as its report calls do.
extension WrappingReportStore {
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
        try await wrap("addWithPhoto") { () async throws(ReportStoreError) in try await base.add(report, photo: photo) }
    }

    func setPhotos(_ photos: [(id: String, photo: StoredPhoto)]) async throws(ReportStoreError) {
        let base = try photoBase
        try await wrap("setPhotos") { () async throws(ReportStoreError) in try await base.setPhotos(photos) }
    }

    func photos(ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto] {
        let base = try photoBase
        return try await wrap("photos") { () async throws(ReportStoreError) in try await base.photos(ids: ids) }
    }

    func photoType(id: String) async throws(ReportStoreError) -> String? {
        let base = try photoBase
        return try await wrap("photoType") { () async throws(ReportStoreError) in try await base.photoType(id: id) }
    }

    func removePhoto(id: String) async throws(ReportStoreError) {
        let base = try photoBase
        try await wrap("removePhoto") { () async throws(ReportStoreError) in try await base.removePhoto(id: id) }
    }

    func replacePhoto(id: String, tagged tag: String, with photo: StoredPhoto) async throws(ReportStoreError) -> Bool {
        let base = try photoBase
        return try await wrap("replacePhoto") { () async throws(ReportStoreError) in
            try await base.replacePhoto(id: id, tagged: tag, with: photo)
        }
    }
}
