import Foundation
import NIOCore
import PostgresNIO
public import ReportStore

/// The photos in the database, table `report_photo` (migration 5, `bytea`): every server on
/// the database reads the same photos; a new report's photo is written in its transaction,
/// and the foreign key's `ON DELETE CASCADE` removes a photo with its report.
extension PostgresReportStore: ReportPhotoStore {
    public func add(_ report: PetReport, photo: StoredPhoto) async throws(ReportStoreError) {
        try report.validate()
        try await call("adding report \(report.id) with its photo") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                do {
                    try await connection.query(Self.insert(report), logger: logger)
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                    throw Self.duplicate(error, report)
                }
                try await connection.query(Self.upsertPhoto(photo, id: report.id, in: .report), logger: logger)
                try await Self.logEvents(.created, of: [report.id], in: connection, logger: logger)
            }
        }
    }

    public func setPhotos(_ photos: [(id: String, photo: StoredPhoto)]) async throws(ReportStoreError) {
        try await keepPhotos(photos, in: .report)
    }

    /// Keeps `photos` in `table`, each replacing the one its report or sighting had, in one
    /// transaction; an id the store does not have (the foreign key) is ``PhotoTable/missing(_:)``.
    func keepPhotos(_ photos: [(id: String, photo: StoredPhoto)], in table: PhotoTable) async throws(ReportStoreError) {
        guard !photos.isEmpty else { return }
        let what = photos.count == 1 ? "the photo of \(photos[0].id)" : "\(photos.count) photos"
        try await call("keeping \(what)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                for (id, photo) in photos {
                    do {
                        try await connection.query(Self.upsertPhoto(photo, id: id, in: table), logger: logger)
                    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23503" {
                        throw table.missing(id)  // the foreign key: no such report or sighting
                    }
                }
            }
        }
    }

    public func photos(ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto] {
        try await storedPhotos(in: .report, ids: ids)
    }

    /// The photos of `ids` kept in `table`, by id; an id without one is left out.
    func storedPhotos(in table: PhotoTable, ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto] {
        guard !ids.isEmpty else { return [:] }
        return try await call(ids.count == 1 ? "reading the photo of \(ids[0])" : "reading \(ids.count) photos") {
            client, logger in
            var found: [String: StoredPhoto] = [:]
            let rows = try await client.query(
                "SELECT id, media_type, tag, bytes FROM \(unescaped: table.name) WHERE id = ANY(\(ids))",
                logger: logger)
            for try await (id, type, tag, bytes) in rows.decode((String, String, String, Data).self) {
                found[id] = StoredPhoto(bytes: bytes, mediaType: type, tag: tag)
            }
            return found
        }
    }

    public func photoType(id: String) async throws(ReportStoreError) -> String? {
        try await call("reading the photo type of \(id)") { client, logger in
            let rows = try await client.query("SELECT media_type FROM report_photo WHERE id = \(id)", logger: logger)
            for try await type in rows.decode(String.self) { return type }
            return nil
        }
    }

    public func removePhoto(id: String) async throws(ReportStoreError) {
        try await call("removing the photo of \(id)") { client, logger in
            _ = try await client.query("DELETE FROM report_photo WHERE id = \(id)", logger: logger)
        }
    }

    public func replacePhoto(id: String, tagged tag: String, with photo: StoredPhoto) async throws(ReportStoreError)
        -> Bool
    {
        try await call("replacing the photo of \(id)") { client, logger in
            let rows = try await client.query(
                """
                UPDATE report_photo SET media_type = \(photo.mediaType), tag = \(photo.tag), bytes = \(ByteBuffer(bytes: photo.bytes))
                WHERE id = \(id) AND tag = \(tag) RETURNING id
                """, logger: logger)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    private static func upsertPhoto(_ photo: StoredPhoto, id: String, in table: PhotoTable) -> PostgresQuery {
        """
        INSERT INTO \(unescaped: table.name) (id, media_type, tag, bytes) VALUES (\(id), \(photo.mediaType), \(photo.tag), \(ByteBuffer(bytes: photo.bytes)))
        ON CONFLICT (id) DO UPDATE SET media_type = excluded.media_type, tag = excluded.tag, bytes = excluded.bytes
        """
    }
}
