import Foundation
import Geodata

/// How both stores keep a sighting: times as ``ReportTimestamp`` text (compared byte by byte),
/// the email also as its comparison key (``emailKey``) for "forget me".
extension Sighting: StoredRecord {
    package static let storedNoun = "sighting"

    /// The columns of table `sighting`.
    package static let storedColumns = [
        "id", "report_id", "seen_at", "latitude", "longitude", "note", "phone", "email", "maker_token_hash",
        "created_at",
    ]

    /// A sighting from a row of ``storedColumns``, each value checked.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a value no petspot writes: the store
    ///   was changed by another program.
    package init(stored row: some StoredRow) throws(ReportStoreError) {
        let id = try row.text("id")
        let coordinate = try Self.storedCoordinate(row, id: id, "its place")
        let seen = try Self.requiredTime(row, id: id, "seen_at", "its time seen")
        let created = try Self.requiredTime(row, id: id, "created_at", "its creation time")
        self.init(
            id: id, reportID: try row.text("report_id"), seenAt: seen, coordinate: coordinate,
            note: try row.text("note"), phone: try row.optionalText("phone"), email: try row.optionalText("email"),
            makerTokenHash: try row.text("maker_token_hash"), createdAt: created)
    }
}
