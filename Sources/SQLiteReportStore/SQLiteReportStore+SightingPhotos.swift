import Foundation
import GRDB
public import ReportStore

/// The sightings' photos in the file, table `sighting_photo` (migration v14), kept as the
/// reports' are (`report_photo`): removed with their sighting by the foreign key's
/// `ON DELETE CASCADE`, and so with its report and by "forget me".
extension SQLiteReportStore {
    public func setSightingPhotos(_ photos: [(id: String, photo: StoredPhoto)]) throws(ReportStoreError) {
        try keepPhotos(photos, in: .sighting)
    }

    public func sightingPhotos(ids: [String]) throws(ReportStoreError) -> [String: StoredPhoto] {
        try storedPhotos(in: .sighting, ids: ids)
    }

    public func sightingPhotoIDs(reportID: String) throws(ReportStoreError) -> Set<String> {
        try read("reading which sightings of \(reportID) have a photo") { db in
            try Self.catching {
                Set(
                    try String.fetchAll(
                        db,
                        sql: """
                            SELECT sighting_photo.id FROM sighting_photo JOIN sighting USING (id)
                            WHERE sighting.report_id = ?
                            """, arguments: [reportID]))
            }
        }
    }
}
