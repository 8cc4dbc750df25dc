import Foundation
import ReportStore

/// The sighting calls (``SightingStore``) of a wrapping store go through its hook as its report
/// calls do: timed, counted, and refused at once while the store is down.
extension WrappingReportStore {
    func addSighting(_ sighting: Sighting) async throws(ReportStoreError) {
        try await call("addSighting") { base async throws(ReportStoreError) in try await base.addSighting(sighting) }
    }

    func sightings(reportID: String) async throws(ReportStoreError) -> [Sighting] {
        return try await call("sightings") { base async throws(ReportStoreError) in
            try await base.sightings(reportID: reportID)
        }
    }

    func sighting(id: String) async throws(ReportStoreError) -> Sighting? {
        return try await call("sighting") { base async throws(ReportStoreError) in try await base.sighting(id: id) }
    }

    func sightings(email address: String) async throws(ReportStoreError) -> [Sighting] {
        return try await call("sightingsByEmail") { base async throws(ReportStoreError) in
            try await base.sightings(email: address)
        }
    }

    func sightings(afterID: String?, limit: Int) async throws(ReportStoreError) -> [Sighting] {
        return try await call("sightingsPage") { base async throws(ReportStoreError) in
            try await base.sightings(afterID: afterID, limit: limit)
        }
    }

    func restoreSightings(_ sightings: [Sighting]) async throws(ReportStoreError) {
        try await call("restoreSightings") { base async throws(ReportStoreError) in
            try await base.restoreSightings(sightings)
        }
    }

    func removeSighting(id: String) async throws(ReportStoreError) {
        try await call("removeSighting") { base async throws(ReportStoreError) in
            try await base.removeSighting(id: id)
        }
    }

    @discardableResult
    func removeSightings(email address: String) async throws(ReportStoreError) -> [Sighting] {
        return try await call("removeSightingsByEmail") { base async throws(ReportStoreError) in
            try await base.removeSightings(email: address)
        }
    }
}

extension WrappingReportStore {
    func setSightingPhotos(_ photos: [(id: String, photo: StoredPhoto)]) async throws(ReportStoreError) {
        try await call("setSightingPhotos") { base async throws(ReportStoreError) in
            try await base.setSightingPhotos(photos)
        }
    }

    func sightingPhotos(ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto] {
        return try await call("sightingPhotos") { base async throws(ReportStoreError) in
            try await base.sightingPhotos(ids: ids)
        }
    }

    func sightingPhotoIDs(reportID: String) async throws(ReportStoreError) -> Set<String> {
        return try await call("sightingPhotoIDs") { base async throws(ReportStoreError) in
            try await base.sightingPhotoIDs(reportID: reportID)
        }
    }
}
