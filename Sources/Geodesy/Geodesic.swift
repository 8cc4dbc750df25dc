public import Geodata

/// Shortest paths on the WGS84 ellipsoid, solved by PROJ's implementation of Karney's
/// algorithms (`geodesic.h`), accurate to about 15 nanometres anywhere on Earth,
/// antipodal points and poles included.
///
/// ```swift
/// let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
/// let krakow = try Coordinate(latitude: 50.0647, longitude: 19.9450)
/// let path = Geodesic.wgs84.inverse(from: warsaw, to: krakow)
/// path.meters           // 252162.1785…
/// path.initialBearing   // -162.3570…  (degrees clockwise from north)
/// let end = try Geodesic.wgs84.destination(from: warsaw, bearing: path.initialBearing, distance: path.meters)
/// end.coordinate.formatted   // "50.06470, 19.94500"
/// ```
///
/// Only WGS84 is offered: every `Coordinate` is a WGS84 position. A `Geodesic` is
/// immutable and can be used from any number of threads at once.
public struct Geodesic: Sendable {
    /// The WGS84 ellipsoid: a = 6378137 m, f = 1/298.257223563.
    public static let wgs84 = Geodesic(
        kernel: GeodesicKernel(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563))

    /// The longest distance ``destination(from:bearing:distance:)`` accepts: 20,000 km,
    /// about half the Earth's circumference.
    public static let maximumDistance: Double = 20_000_000

    let kernel: GeodesicKernel

    /// The ellipsoid's equatorial radius, in metres.
    public var equatorialRadius: Double { kernel.equatorialRadius }

    /// The ellipsoid's flattening.
    public var flattening: Double { kernel.flattening }

    /// The shortest path from `start` to `end`: its length and the bearings at both ends.
    ///
    /// Coincident points give 0 m; their bearings are a convention (GeographicLib's: 180°).
    /// The corresponding C function is `geod_inverse`.
    public func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicPath {
        let solution = kernel.inverse(
            latitude1: start.latitude.degrees, longitude1: start.longitude.degrees,
            latitude2: end.latitude.degrees, longitude2: end.longitude.degrees)
        return GeodesicPath(
            meters: solution.distance, initialBearing: solution.azimuth1, finalBearing: solution.azimuth2)
    }

    /// Where you arrive after `distance` metres from `start`, setting off at `bearing`
    /// (degrees clockwise from north) and following the geodesic.
    ///
    /// - Parameters:
    ///   - start: The starting point.
    ///   - bearing: The initial bearing, −360…360 degrees.
    ///   - distance: Metres to travel, 0…``maximumDistance``.
    /// - Throws: ``GeodesyError`` for a bearing or distance that is not finite or out of range.
    ///
    /// The corresponding C function is `geod_direct`.
    public func destination(from start: Coordinate, bearing: Double, distance: Double) throws(GeodesyError)
        -> GeodesicDestination
    {
        try Self.check(bearing, .bearing, in: -360...360)
        try Self.check(distance, .distance, in: 0...Self.maximumDistance)
        let solution = kernel.direct(
            latitude: start.latitude.degrees, longitude: start.longitude.degrees, azimuth: bearing, distance: distance)
        guard let coordinate = Coordinate(solverLatitude: solution.latitude, longitude: solution.longitude) else {
            throw .notFinite(.distance)
        }
        return GeodesicDestination(coordinate: coordinate, finalBearing: solution.azimuth)
    }

    static func check(_ value: Double, _ quantity: GeodesyError.Quantity, in range: ClosedRange<Double>)
        throws(GeodesyError)
    {
        guard value.isFinite else { throw .notFinite(quantity) }
        guard range.contains(value) else { throw .outOfRange(quantity) }
    }
}

extension Coordinate {
    /// A coordinate from the solver's output: latitude clamped to ±90 and longitude to
    /// ±180 against last-bit rounding; `nil` only if a value is not finite, which the
    /// solver never returns for finite input.
    init?(solverLatitude latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite,
            let latitude = try? Latitude(degrees: min(max(latitude, -90), 90)),
            let longitude = try? Longitude(degrees: min(max(longitude, -180), 180))
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
