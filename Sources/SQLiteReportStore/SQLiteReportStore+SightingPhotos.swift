import Foundation
import GRDB
public import ReportStore

/// The sightings' photos in the file, table `sighting_photo` (migration v14), kept as the
/// reports' are (`report_photo`): removed with their sighting by the foreign key's
/// `ON DELETE CASCADE`, and so with its report and by "forget me".
extension SQLiteReportStore {
    public func setSightingPhotos(_ photos: [(id: String, photo: StoredPhoto)]) throws(ReportStoreError) {
        guard !photos.isEmpty else { return }
        try write("keeping \(photos.count == 1 ? "the photo of \(photos[0].id)" : "\(photos.count) photos")") { db in
            for (id, photo) in photos {
                let exists = try Self.catching {
                    try Bool.fetchOne(db, sql: "SELECT 1 FROM sighting WHERE id = ?", arguments: [id]) ?? false
                }
                guard exists else { throw ReportStoreError.sightingNotFound(id) }
                try Self.catching {
                    try db.execute(
                        sql: """
                            INSERT INTO sighting_photo (id, media_type, tag, bytes) VALUES (?, ?, ?, ?)
                            ON CONFLICT (id) DO UPDATE SET media_type = excluded.media_type, tag = excluded.tag,
                                bytes = excluded.bytes
                            """, arguments: [id, photo.mediaType, photo.tag, photo.bytes])
                }
            }
        }
    }

    public func sightingPhotos(ids: [String]) throws(ReportStoreError) -> [String: StoredPhoto] {
        try storedPhotos(in: "sighting_photo", ids: ids)
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
