import GRDB
public import Geodata
import Geodesy
public import ReportStore

/// The nearest open reports, read through the partial index of their places (migration v6):
/// the reports in a ``GeodesicBox`` around the location are measured with `geod_inverse`; the
/// box grows (5 km, then four times wider each round) until it holds `offset + limit` reports
/// within its distance — every report nearer than those is then inside it — or the whole globe.
/// The page is sorted by distance, ties by identifier, and its reports are read by identifier.
extension SQLiteReportStore {
    /// The distance the first round searches.
    static let firstReach = 5_000.0

    public func nearest(_ query: NearestQuery) throws(ReportStoreError) -> [NearestReport] {
        try read("finding the nearest reports") { db -> [NearestReport] in
            let wanted = query.offset + query.limit
            var reach = Self.firstReach
            var found: [(id: String, meters: Double)]
            while true {
                let box = GeodesicBox(around: query.location, meters: reach)
                found = try Self.openPlaces(db, kind: query.kind, in: box, around: query.location)
                if !box.isWholeGlobe { found.removeAll { $0.meters > reach } }
                if found.count >= wanted || box.isWholeGlobe { break }
                reach *= 4
            }
            Self.nearestFirst(&found)
            return try Self.reports(db, Array(found.dropFirst(query.offset).prefix(query.limit)))
        }
    }

    public func openReports(of kind: ReportKind, within meters: Double, of location: Coordinate)
        throws(ReportStoreError) -> [NearestReport]
    {
        try read("finding the reports within reach") { db -> [NearestReport] in
            let box = GeodesicBox(around: location, meters: meters)
            var found = try Self.openPlaces(db, kind: kind, in: box, around: location)
            found.removeAll { !($0.meters <= meters) }
            Self.nearestFirst(&found)
            return try Self.reports(db, found)
        }
    }

    public func reports(ids: [String]) throws(ReportStoreError) -> [PetReport] {
        try read("reading reports") { db -> [PetReport] in
            try Self.reports(db, ids.map { (id: $0, meters: 0) }).map(\.report)
        }
    }

    /// The reports of `page`, in its order, each with its distance (one removed meanwhile is
    /// left out: the read is one snapshot, so none is).
    private static func reports(_ db: Database, _ page: [(id: String, meters: Double)]) throws(ReportStoreError)
        -> [NearestReport]
    {
        var byID: [String: PetReport] = [:]
        for row in try rows(db, ids: page.map(\.id)) {
            let report = try PetReport(row: row)
            byID[report.id] = report
        }
        return page.compactMap { entry in byID[entry.id].map { NearestReport(report: $0, meters: entry.meters) } }
    }

    /// The rows of the stored reports of `ids`, in no order, at most 1,000 identifiers a
    /// statement (SQLite's default limit of variables is 32,766).
    private static func rows(_ db: Database, ids: [String]) throws(ReportStoreError) -> [Row] {
        var rows: [Row] = []
        for start in stride(from: 0, to: ids.count, by: 1000) {
            let some = Array(ids[start..<min(start + 1000, ids.count)])
            let marks = Array(repeating: "?", count: some.count).joined(separator: ", ")
            rows += try catching {
                try Row.fetchAll(
                    db, sql: "SELECT \(columnList) FROM report WHERE id IN (\(marks))",
                    arguments: StatementArguments(some)
                )
            }
        }
        return rows
    }

    /// Nearest first, ties by identifier (the order of ``NearestReport/precedes(_:)``).
    private static func nearestFirst(_ places: inout [(id: String, meters: Double)]) {
        places.sort { $0.meters != $1.meters ? $0.meters < $1.meters : ReportID.precedes($0.id, $1.id) }
    }

    /// The query of the open reports with a place in a box (of a kind, `?1` when not `NULL`):
    /// latitudes `?2 ... ?3`, longitudes `?4 ... ?5` or `?6 ... ?7`. Public for `EXPLAIN QUERY
    /// PLAN` (a test shows it reads the covering index `report_open_place` alone).
    public static let openPlacesSQL = """
        SELECT id, latitude, longitude FROM report INDEXED BY report_open_place
        WHERE \(SQLiteSchema.openPlace) AND (?1 IS NULL OR kind = ?1)
          AND latitude BETWEEN ?2 AND ?3 AND (longitude BETWEEN ?4 AND ?5 OR longitude BETWEEN ?6 AND ?7)
        """

    /// The identifiers of the open reports with a place in `box` (of `kind`, when given), each
    /// with its geodesic distance to `location`: read from the index `report_open_place` alone.
    private static func openPlaces(_ db: Database, kind: ReportKind?, in box: GeodesicBox, around location: Coordinate)
        throws(ReportStoreError) -> [(id: String, meters: Double)]
    {
        // A box with one range of longitudes asks for the empty range 1 ... 0 as its second.
        let second =
            box.longitudes.count > 1 ? (box.longitudes[1].lowerBound, box.longitudes[1].upperBound) : (1.0, 0.0)
        return try catching {
            var places: [(id: String, meters: Double)] = []
            let rows = try Row.fetchCursor(
                db, sql: openPlacesSQL,
                arguments: [
                    kind?.rawValue, box.latitudes.lowerBound, box.latitudes.upperBound,
                    box.longitudes[0].lowerBound, box.longitudes[0].upperBound, second.0, second.1,
                ])
            while let row = try rows.next() {
                let id: String = row[0]
                guard let coordinate = try? Coordinate(latitude: row[1], longitude: row[2]) else {
                    throw ReportStoreError.storage("finding the nearest reports", "report \(id) has a bad place")
                }
                places.append((id, Geodesic.wgs84.inverse(from: location, to: coordinate).meters))
            }
            return places
        }
    }
}
