import Geodata
import Geodesy
import PostgresNIO
import ReportStore

/// The nearby pre-filter as a prepared statement: one `ST_DWithin` per radius band on that
/// band's partial GiST index, as far as the band's largest radius plus the margin, widened by
/// 1% and 1 m. The pre-filter measures on the sphere (`use_spheroid => false`, fast), which
/// differs from the ellipsoid's geodesic by well under 1%; the exact filter that follows
/// (`NearbySearch`) removes what is too far.
///
/// Prepared once per connection: planning 25 partial-index choices took ~35 ms of every query
/// at 10^7 reports; a prepared statement plans once.
struct NearbyStatement: PostgresPreparedStatement {
    /// A candidate with its match facts (ReportMatch.facts): ranking a found report's matches
    /// needs no other query.
    typealias Row = LiveNearbyIndex.Entry

    /// The found place's longitude ($1) and latitude ($2), and the margin in metres ($3).
    var longitude: Double
    var latitude: Double
    var margin: Double

    static let sql = text(point: "ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography", margin: "$3")

    static var bindingDataTypes: [PostgresDataType] { [.float8, .float8, .float8] }

    /// The statement's text for a point and a margin written as SQL expressions.
    static func text(point: String, margin: String) -> String {
        RadiusBand.all.map { band in
            """
            SELECT id, latitude, longitude, radius_m, species, last_seen_date FROM report
            WHERE kind = 'missing' AND status = 'ACTIVE' AND location IS NOT NULL AND radius_m IS NOT NULL
              AND radius_band = \(band)::smallint
              AND ST_DWithin(location, \(point), (\(RadiusBand.upperBound(band)) + \(margin)) * 1.01 + 1, false)
            """
        }.joined(separator: "\nUNION ALL\n")
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(longitude)
        bindings.append(latitude)
        bindings.append(margin)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> LiveNearbyIndex.Entry {
        let (id, latitude, longitude, meters, species, day) = try row.decode(
            (String, Double, Double, Double, String?, String?).self)
        return LiveNearbyIndex.Entry(
            report: NearbyReport(
                id: id, coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                radius: try SearchRadius(meters: meters)),
            facts: MatchFacts(species: species, lastSeenDate: day))
    }
}
