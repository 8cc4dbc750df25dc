public import Geodata
import Geodesy
import PostgresNIO
public import ReportStore

/// The nearest open reports with PostGIS. The GiST index on the open reports' places
/// (migration 4) answers a KNN query (`ORDER BY location <-> point`), which orders by the
/// sphere's distance; the page is ordered by the ellipsoid's (`geod_inverse`), which differs by
/// under 1%. So:
/// 1. the KNN query reads the `offset + limit` nearest on the sphere; their largest geodesic
///    distance, B, bounds the page's (those are that many real reports);
/// 2. an indexed `ST_DWithin` reads every open report within B / 0.99 + 1 m on the sphere —
///    every report whose geodesic distance is at most B;
/// 3. those are measured with `geod_inverse`, sorted (ties by identifier) and paged.
extension PostgresReportStore {
    public func nearest(_ query: NearestQuery) async throws(ReportStoreError) -> [NearestReport] {
        let wanted = query.offset + query.limit
        let candidates = try await call("finding the nearest reports") { client, logger -> [PetReport] in
            var closest: [PetReport] = []
            let knn = Self.nearestSQL(query.location, kind: query.kind, limit: wanted)
            for try await row in try await client.query(PostgresQuery(unsafeSQL: knn), logger: logger) {
                closest.append(try Self.report(row))
            }
            // Fewer than asked for: that is every open report there is.
            guard closest.count == wanted else { return closest }
            let bound = closest.map { Self.meters(query.location, $0) }.max() ?? 0
            let reach = bound / (1 - Self.sphereError) + 1
            var within: [PetReport] = []
            let disc = Self.selectOpen(query.location, kind: query.kind, within: reach)
            for try await row in try await client.query(PostgresQuery(unsafeSQL: disc), logger: logger) {
                within.append(try Self.report(row))
            }
            return within
        }
        var measured = candidates.map { NearestReport(report: $0, meters: Self.meters(query.location, $0)) }
        measured.sort { $0.precedes($1) }
        return Array(measured.dropFirst(query.offset).prefix(query.limit))
    }

    public func openReports(of kind: ReportKind, within meters: Double, of location: Coordinate)
        async throws(ReportStoreError) -> [NearestReport]
    {
        guard meters >= 0 else { return [] }
        let reach = meters.isFinite ? meters / (1 - Self.sphereError) + 1 : nil
        let candidates = try await call("finding the reports within reach") { client, logger -> [PetReport] in
            var within: [PetReport] = []
            let disc = Self.selectOpen(location, kind: kind, within: reach)
            for try await row in try await client.query(PostgresQuery(unsafeSQL: disc), logger: logger) {
                within.append(try Self.report(row))
            }
            return within
        }
        var measured = candidates.map { NearestReport(report: $0, meters: Self.meters(location, $0)) }
        measured.removeAll { !($0.meters <= meters) }
        measured.sort { $0.precedes($1) }
        return measured
    }

    public func reports(ids: [String]) async throws(ReportStoreError) -> [PetReport] {
        guard !ids.isEmpty else { return [] }
        let byID = try await call("reading reports") { client, logger -> [String: PetReport] in
            var byID: [String: PetReport] = [:]
            let rows = try await client.query(
                "SELECT \(unescaped: Self.columnList) FROM report WHERE id = ANY(\(ids))", logger: logger)
            for try await row in rows {
                let report = try Self.report(row)
                byID[report.id] = report
            }
            return byID
        }
        return ids.compactMap { byID[$0] }
    }

    /// The KNN query for `location` as plain SQL: the `limit` open reports nearest on the
    /// sphere (for `EXPLAIN`: the tests show that it uses the GiST index `report_open_location`).
    public static func nearestSQL(_ location: Coordinate, kind: ReportKind?, limit: Int) -> String {
        selectOpen(location, kind: kind, within: nil) + " ORDER BY location <-> \(point(location)) LIMIT \(limit)"
    }

    /// The open reports with a place (of `kind`), within `meters` on the sphere when given. Every
    /// value is typed (degrees, metres, an enum), so the text is built without parameters.
    static func selectOpen(_ location: Coordinate, kind: ReportKind?, within meters: Double?) -> String {
        var text = "SELECT \(columnList) FROM report WHERE \(kind.map { openWithPlace(of: $0) } ?? openWithPlace)"
        if let meters { text += " AND ST_DWithin(location, \(point(location)), \(meters), false)" }
        return text
    }

    /// `location` as a geography literal.
    static func point(_ location: Coordinate) -> String {
        "ST_SetSRID(ST_MakePoint(\(location.longitude.degrees), \(location.latitude.degrees)), 4326)::geography"
    }

    /// The condition of the open reports with a place: the predicate of the partial GiST index
    /// `report_open_location` (``PostgresSchema``), written the same so the planner uses it.
    static let openWithPlace =
        "location IS NOT NULL AND ((kind = 'missing' AND status = 'ACTIVE') OR (kind = 'found' AND status = 'FOUND'))"

    /// The condition of the open reports of `kind` with a place (``PetReport/isOpen``): it
    /// implies ``openWithPlace``, and for found reports it is the predicate of
    /// `report_open_found`, so the planner may use either index.
    static func openWithPlace(of kind: ReportKind) -> String {
        "location IS NOT NULL AND kind = '\(kind.rawValue)' AND status = '\(kind.openStatus.rawValue)'"
    }

    /// How far the sphere's distance may fall short of the ellipsoid's, as a fraction (the
    /// largest difference is about 0.56%).
    static let sphereError = 0.01

    /// The geodesic distance to a report read with a place.
    private static func meters(_ location: Coordinate, _ report: PetReport) -> Double {
        guard let place = report.coordinate else { return .infinity }
        return Geodesic.wgs84.inverse(from: location, to: place).meters
    }
}
