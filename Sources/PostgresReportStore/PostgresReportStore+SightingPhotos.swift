import Foundation
import NIOCore
import PostgresNIO
public import ReportStore

/// The sightings' photos in the database, table `sighting_photo` (migration 16, `bytea`), kept
/// as the reports' are (`report_photo`): removed with their sighting by the foreign key's
/// `ON DELETE CASCADE`, and so with its report and by "forget me".
extension PostgresReportStore {
    public func setSightingPhotos(_ photos: [(id: String, photo: StoredPhoto)]) async throws(ReportStoreError) {
        try await keepPhotos(photos, in: .sighting)
    }

    public func sightingPhotos(ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto] {
        try await storedPhotos(in: .sighting, ids: ids)
    }

    public func sightingPhotoIDs(reportID: String) async throws(ReportStoreError) -> Set<String> {
        try await call("reading which sightings of \(reportID) have a photo") { client, logger in
            let rows = try await client.query(
                """
                SELECT sighting_photo.id FROM sighting_photo JOIN sighting USING (id)
                WHERE sighting.report_id = \(reportID)
                """, logger: logger)
            var ids: Set<String> = []
            for try await id in rows.decode(String.self) { ids.insert(id) }
            return ids
        }
    }
}
