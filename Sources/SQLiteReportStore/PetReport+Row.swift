import GRDB
import Geodata
import Geodesy
import ReportStore

extension PetReport {
    /// A report from a row of `SELECT <SQLiteSchema.columns> FROM report`.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a row no petspot wrote (a value out
    ///   of range, an unknown kind).
    init(row: Row) throws(ReportStoreError) {
        let id: String = row[0]
        guard let kind = ReportKind(rawValue: row[1]), let status = ReportStatus(rawValue: row[2]) else {
            throw .storage("reading report \(id)", "an unknown kind or status; the file was changed by another program")
        }
        self.init(id: id, kind: kind, status: status)
        if let latitude = row[3] as Double?, let longitude = row[4] as Double? {
            do {
                coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw .storage("reading report \(id)", "its coordinate \(latitude), \(longitude): \(error)")
            }
        }
        if let meters = row[5] as Double? {
            do {
                radius = try SearchRadius(meters: meters)
            } catch {
                throw .storage("reading report \(id)", "its radius \(meters) m: \(error)")
            }
        }
        place = row[6]
        lastSeenDate = row[7]
        species = row[8]
        breed = row[9]
        gender = row[10]
        approximateAge = row[11]
        microchipNumber = row[12]
        description = row[13]
        phone = row[14]
        email = row[15]
        photoUrl = row[16]
        reward = row[17]
        ownerTokenHash = row[18]
        caregiverPhone = row[19]
        currentAddress = row[20]
        idempotencyKey = row[21]
    }
}
