import GRDB
import Geodata
import Geodesy
public import ReportStore

/// The nearest open reports: a scan of the open reports with a place, each measured with
/// `geod_inverse`, sorted, and the page's reports read by identifier.
extension SQLiteReportStore {
    public func nearest(_ query: NearestQuery) throws(ReportStoreError) -> [NearestReport] {
        try read("finding the nearest reports") { db -> [NearestReport] in
            let places = try Self.openPlaces(db, kind: query.kind)
            var measured = places.map { place in
                (id: place.id, meters: Geodesic.wgs84.inverse(from: query.location, to: place.coordinate).meters)
            }
            measured.sort { $0.meters != $1.meters ? $0.meters < $1.meters : ReportID.precedes($0.id, $1.id) }
            let page = measured.dropFirst(query.offset).prefix(query.limit)
            guard !page.isEmpty else { return [] }
            let marks = Array(repeating: "?", count: page.count).joined(separator: ", ")
            let rows = try Self.catching {
                try Row.fetchAll(
                    db, sql: "SELECT \(Self.columnList) FROM report WHERE id IN (\(marks))",
                    arguments: StatementArguments(page.map(\.id)))
            }
            var byID: [String: PetReport] = [:]
            for row in rows {
                let report = try PetReport(row: row)
                byID[report.id] = report
            }
            return page.compactMap { entry in byID[entry.id].map { NearestReport(report: $0, meters: entry.meters) } }
        }
    }

    /// The identifiers and places of the open reports with a place (of `kind`, when given).
    private static func openPlaces(_ db: Database, kind: ReportKind?) throws(ReportStoreError)
        -> [(id: String, coordinate: Coordinate)]
    {
        try catching {
            var places: [(id: String, coordinate: Coordinate)] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, latitude, longitude FROM report
                    WHERE ((kind = 'missing' AND status = 'ACTIVE') OR (kind = 'found' AND status = 'FOUND'))
                      AND latitude IS NOT NULL AND longitude IS NOT NULL AND (?1 IS NULL OR kind = ?1)
                    """, arguments: [kind?.rawValue])
            while let row = try rows.next() {
                let id: String = row[0]
                guard let coordinate = try? Coordinate(latitude: row[1], longitude: row[2]) else {
                    throw ReportStoreError.storage("finding the nearest reports", "report \(id) has a bad place")
                }
                places.append((id, coordinate))
            }
            return places
        }
    }
}
