import Foundation
import Geodata

/// How both stores keep a sighting: times as ``ReportTimestamp`` text (compared byte by byte),
/// the email also as its comparison key (``emailKey``) for "forget me".
extension Sighting {
    /// The columns of table `sighting`, in the order of ``init(storedID:reportID:seenAt:latitude:longitude:note:phone:email:makerTokenHash:createdAt:)``.
    package static let storedColumns = [
        "id", "report_id", "seen_at", "latitude", "longitude", "note", "phone", "email", "maker_token_hash",
        "created_at",
    ]

    /// A sighting from the values a store read, each checked.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a value no petspot writes: the store
    ///   was changed by another program.
    package init(
        storedID id: String, reportID: String, seenAt: String, latitude: Double, longitude: Double, note: String,
        phone: String?, email: String?, makerTokenHash: String, createdAt: String
    ) throws(ReportStoreError) {
        func bad(_ detail: String) -> ReportStoreError {
            .storage("reading sighting \(id)", "\(detail); the store was changed by another program")
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw bad("its place \(latitude), \(longitude) is not a place (\(error))")
        }
        guard let seen = ReportTimestamp.date(seenAt) else {
            throw bad("its time seen \(ReportStoreError.quoted(seenAt))")
        }
        guard let created = ReportTimestamp.date(createdAt) else {
            throw bad("its creation time \(ReportStoreError.quoted(createdAt))")
        }
        self.init(
            id: id, reportID: reportID, seenAt: seen, coordinate: coordinate, note: note, phone: phone, email: email,
            makerTokenHash: makerTokenHash, createdAt: created)
    }
}
