import Foundation
import GRDB
public import ReportStore

/// The photos in the file, table `report_photo` (migration v4): written with the report in one
/// transaction, removed with it by the foreign key's `ON DELETE CASCADE` (GRDB turns foreign
/// keys on for every connection).
extension SQLiteReportStore: ReportPhotoStore {
    public func add(_ report: PetReport, photo: StoredPhoto) throws(ReportStoreError) {
        try report.validate()
        try write("adding report \(report.id) with its photo") { db in
            var insert = try ReportInsert(db, ignoringDuplicates: false, createdAt: Self.now())
            _ = try insert.insert(report)
            try Self.catching {
                try Self.upsertPhoto(photo, id: report.id, in: .report, db)
                try Self.logEvent(.created, of: report, in: db)
            }
        }
        if let entry = report.indexEntry { index?.upsert(entry) }
        signalChange()
    }

    public func setPhotos(_ photos: [(id: String, photo: StoredPhoto)]) throws(ReportStoreError) {
        try keepPhotos(photos, in: .report)
    }

    /// Keeps `photos` in `table`, each replacing the one its report or sighting had, all or none;
    /// an id the store does not have is ``PhotoTable/missing(_:)``.
    func keepPhotos(_ photos: [(id: String, photo: StoredPhoto)], in table: PhotoTable) throws(ReportStoreError) {
        guard !photos.isEmpty else { return }
        try write("keeping \(photos.count == 1 ? "the photo of \(photos[0].id)" : "\(photos.count) photos")") { db in
            for (id, photo) in photos {
                let exists = try Self.catching {
                    try Bool.fetchOne(db, sql: "SELECT 1 FROM \(table.owner) WHERE id = ?", arguments: [id]) ?? false
                }
                guard exists else { throw table.missing(id) }
                try Self.catching { try Self.upsertPhoto(photo, id: id, in: table, db) }
            }
        }
    }

    public func photos(ids: [String]) throws(ReportStoreError) -> [String: StoredPhoto] {
        try storedPhotos(in: .report, ids: ids)
    }

    /// The photos of `ids` kept in `table`, by id; an id without one is left out.
    func storedPhotos(in table: PhotoTable, ids: [String]) throws(ReportStoreError) -> [String: StoredPhoto] {
        guard !ids.isEmpty else { return [:] }
        return try read(ids.count == 1 ? "reading the photo of \(ids[0])" : "reading \(ids.count) photos") { db in
            try Self.catching {
                var found: [String: StoredPhoto] = [:]
                // The ids as one JSON array, so a page is one statement whatever its length.
                let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT id, media_type, tag, bytes FROM \(table.name)
                        WHERE id IN (SELECT value FROM json_each(?))
                        """, arguments: [list])
                while let row = try rows.next() {
                    found[row[0]] = StoredPhoto(bytes: row[3], mediaType: row[1], tag: row[2])
                }
                return found
            }
        }
    }

    public func photoType(id: String) throws(ReportStoreError) -> String? {
        try read("reading the photo type of \(id)") { db in
            try Self.catching {
                try String.fetchOne(db, sql: "SELECT media_type FROM report_photo WHERE id = ?", arguments: [id])
            }
        }
    }

    public func removePhoto(id: String) throws(ReportStoreError) {
        try write("removing the photo of \(id)") { db in
            try Self.catching { try db.execute(sql: "DELETE FROM report_photo WHERE id = ?", arguments: [id]) }
        }
    }

    public func replacePhoto(id: String, tagged tag: String, with photo: StoredPhoto) throws(ReportStoreError) -> Bool {
        try write("replacing the photo of \(id)") { db in
            try Self.catching {
                try db.execute(
                    sql: "UPDATE report_photo SET media_type = ?, tag = ?, bytes = ? WHERE id = ? AND tag = ?",
                    arguments: [photo.mediaType, photo.tag, photo.bytes, id, tag])
                return db.changesCount > 0
            }
        }
    }

    private static func upsertPhoto(_ photo: StoredPhoto, id: String, in table: PhotoTable, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO \(table.name) (id, media_type, tag, bytes) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET media_type = excluded.media_type, tag = excluded.tag,
                    bytes = excluded.bytes
                """, arguments: [id, photo.mediaType, photo.tag, photo.bytes])
    }
}
