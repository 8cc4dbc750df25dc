import Geodata
import Geodesy
import PostgresNIO
import ReportStore

/// The nearby pre-filter as a prepared statement: per radius band, the open missing reports
/// whose place is inside a latitude–longitude box that holds every point within the band's
/// largest radius plus the margin (`GeodesicBox`, on the ellipsoid; two boxes where it crosses
/// the antimeridian), read from that band's partial GiST index on the place as a point
/// (``PostgresSchema/boxIndexes(holding:)``). The index holds the columns a candidate needs, so the query
/// reads no row of the table (an index-only scan). The exact filter that follows
/// (`NearbySearch`) removes what is too far.
///
/// Prepared once per connection: planning the 50 branches each time would cost more than
/// running them.
struct NearbyStatement: PostgresPreparedStatement {
    /// A candidate with its match facts (ReportMatch.facts): ranking a found report's matches
    /// needs no other query.
    typealias Row = LiveNearbyIndex.Entry

    /// One box of a branch, in degrees: `west...east` longitudes, `south...north` latitudes.
    struct Box: Equatable {
        var west: Double
        var south: Double
        var east: Double
        var north: Double

        /// A box no place is in (latitudes above 90°): the second branch of a band whose box
        /// does not cross the antimeridian.
        static let none = Box(west: 0, south: 91, east: 0, north: 91)
    }

    /// Two boxes per band of ``RadiusBand/all``, in that order.
    var boxes: [Box]

    /// The boxes of a search for `location` with `margin` metres.
    init(_ location: Coordinate, margin: Double) {
        boxes = RadiusBand.all.flatMap { band in
            Self.boxes(GeodesicBox(around: location, meters: RadiusBand.upperBound(band) + margin))
        }
    }

    /// A geodesic box as the two boxes of a band's branches.
    static func boxes(_ box: GeodesicBox) -> [Box] {
        let latitudes = box.latitudes
        var boxes = box.longitudes.map {
            Box(west: $0.lowerBound, south: latitudes.lowerBound, east: $0.upperBound, north: latitudes.upperBound)
        }
        while boxes.count < 2 { boxes.append(.none) }
        return boxes
    }

    static let sql = text { box in
        let first = 4 * box + 1
        return "box(point($\(first), $\(first + 1)), point($\(first + 2), $\(first + 3)))"
    }

    static var bindingDataTypes: [PostgresDataType] {
        Array(repeating: .float8, count: 8 * RadiusBand.all.count)
    }

    /// The statement's text with box number `n` (0 ..< 50) written by `box(n)` as an SQL
    /// expression of type `box`.
    static func text(box: (Int) -> String) -> String {
        RadiusBand.all.enumerated().flatMap { position, band in
            (0..<2).map { slot in
                """
                SELECT id, latitude, longitude, radius_m, species, last_seen_date, gender, microchip_number FROM report
                WHERE kind = 'missing' AND status = 'ACTIVE' AND latitude IS NOT NULL AND radius_m IS NOT NULL
                  AND radius_band = \(band)::smallint AND point(longitude, latitude) <@ \(box(2 * position + slot))
                """
            }
        }.joined(separator: "\nUNION ALL\n")
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4 * boxes.count)
        for box in boxes {
            bindings.append(box.west)
            bindings.append(box.south)
            bindings.append(box.east)
            bindings.append(box.north)
        }
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> LiveNearbyIndex.Entry {
        // Cell by cell: decoding the row as one tuple of six types looked up the tuple's generic
        // metadata for every row, a quarter of the server's time at 3,000 candidates.
        var cells = row.makeIterator()
        func next<Value: PostgresDecodable>(_ type: Value.Type) throws -> Value {
            guard let cell = cells.next() else {
                throw ReportStoreError.storage("searching nearby reports", "a row had fewer than its eight columns")
            }
            return try cell.decode(Value.self)
        }
        let id = try next(String.self)
        let coordinate = try Coordinate(latitude: try next(Double.self), longitude: try next(Double.self))
        let radius = try SearchRadius(meters: try next(Double.self))
        let facts = MatchFacts(
            species: try next(String?.self), lastSeenDate: try next(String?.self), gender: try next(String?.self),
            microchipNumber: try next(String?.self))
        return LiveNearbyIndex.Entry(report: NearbyReport(id: id, coordinate: coordinate, radius: radius), facts: facts)
    }
}
