import GRDB
import Geodata
import Geodesy
import ReportStore

extension PetReport {
    /// A report from a row of `SELECT <SQLiteSchema.columns> FROM report`, each field read by
    /// its column's name (``ReportField/column``), never by position.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a row no petspot wrote (a value out
    ///   of range or of another type, an unknown kind).
    init(row: Row) throws(ReportStoreError) {
        let id = (try? row.decode(String.self, forColumn: ReportField.id.column)) ?? ""
        do {
            guard let kind = ReportKind(rawValue: try row.decode(forColumn: ReportField.kind.column)),
                let status = ReportStatus(rawValue: try row.decode(forColumn: ReportField.status.column))
            else {
                throw ReportStoreError.storage(
                    "reading report \(id)", "an unknown kind or status; the file was changed by another program")
            }
            self.init(id: id, kind: kind, status: status)
            var latitude: Double?
            var longitude: Double?
            var meters: Double?
            for field in SQLiteSchema.fields {
                switch field.value {
                case .id, .kind, .status: continue
                case .text, .timestamp: field.setText(try row.decode(forColumn: field.column), in: &self)
                case .wholeNumber: field.setInteger(try row.decode(forColumn: field.column), in: &self)
                case .latitude: latitude = try row.decode(forColumn: field.column)
                case .longitude: longitude = try row.decode(forColumn: field.column)
                case .radius: meters = try row.decode(forColumn: field.column)
                }
            }
            if let latitude, let longitude {
                do {
                    coordinate = try Coordinate(latitude: latitude, longitude: longitude)
                } catch {
                    throw ReportStoreError.storage(
                        "reading report \(id)", "its coordinate \(latitude), \(longitude): \(error)")
                }
            }
            if let meters {
                do {
                    radius = try SearchRadius(meters: meters)
                } catch {
                    throw ReportStoreError.storage("reading report \(id)", "its radius \(meters) m: \(error)")
                }
            }
        } catch let error as ReportStoreError {
            throw error
        } catch {
            throw .storage(
                "reading report \(id)", "a value of another type; the file was changed by another program (\(error))")
        }
    }
}
