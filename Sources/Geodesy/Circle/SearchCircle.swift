public import Geodata

/// "Last seen within 15 km of here": a circle of geodesic radius around a point, as a
/// polygon a map can draw, as GeoJSON, and with its area.
///
/// ```swift
/// let circle = SearchCircle(center: warsaw, radius: try SearchRadius(kilometers: 15))
/// let ring = try circle.polygon(points: 64)      // 64 points, 15 km from the centre
/// circle.area                                    // 706 858 … m² (≈ π r² on the ellipsoid)
/// let shape = try circle.geoJSON()                // .polygon, or .multiPolygon across ±180°
/// ```
///
/// The polygon's vertices lie exactly on the circle (`geod_direct` from the centre); its
/// edges are geodesics between them, so the polygon lies just inside the circle.
public struct SearchCircle: Sendable, Hashable {
    /// The number of polygon points when none is given: 64 (a 15 km circle's edges then
    /// stray at most 18 m inside the true circle).
    public static let defaultPointCount = 64

    /// The centre.
    public var center: Coordinate
    /// The radius.
    public var radius: SearchRadius

    /// A circle around `center`.
    public init(center: Coordinate, radius: SearchRadius) {
        self.center = center
        self.radius = radius
    }

    /// `points` coordinates on the circle, counter-clockwise seen from above (north first,
    /// then west, south, east), the first not repeated at the end. A zero radius gives
    /// `points` copies of the centre.
    ///
    /// - Throws: ``GeodesyError/outOfRange(_:)`` with `.pointCount` unless 3…10,000.
    ///
    /// The corresponding C function is `geod_direct`.
    public func polygon(points: Int = defaultPointCount) throws(GeodesyError) -> [Coordinate] {
        try Self.check(points)
        return try vertices(points).map { vertex throws(GeodesyError) in
            guard let coordinate = Coordinate(solverLatitude: vertex.latitude, longitude: vertex.longitude) else {
                throw .notFinite(.radius)
            }
            return coordinate
        }
    }

    /// The area of the `points`-gon ``polygon(points:)`` draws, in m². It is smaller than
    /// the circle's by about (2π/N)²/6 of it: 0.16 % for 64 points.
    ///
    /// - Throws: ``GeodesyError/outOfRange(_:)`` with `.pointCount` unless 3…10,000.
    ///
    /// The corresponding C function is `geod_polygonarea`.
    public func polygonArea(points: Int = defaultPointCount) throws(GeodesyError) -> Double {
        try Self.check(points)
        return Geodesic.wgs84.kernel.polygonArea(vertices(points)).area.magnitude
    }

    /// The area of the circle itself, in m², to about 1e-10 of it: the areas of its 2048-
    /// and 4096-gons, whose shortfall shrinks as 1/N², extrapolated to infinitely many
    /// points (Richardson). 0 for a zero radius.
    public var area: Double {
        guard radius.meters > 0 else { return 0 }
        let kernel = Geodesic.wgs84.kernel
        let coarse = kernel.polygonArea(vertices(2048)).area.magnitude
        let fine = kernel.polygonArea(vertices(4096)).area.magnitude
        return (4 * fine - coarse) / 3
    }

    /// The circle as a GeoJSON geometry (RFC 7946), with positions rounded to 7 decimals
    /// (about 1 cm):
    ///
    /// - a zero radius is a `Point`;
    /// - a circle that crosses the antimeridian is cut there into a `MultiPolygon` of two
    ///   polygons, one each side (RFC 7946 §3.1.9), so that no edge spans the globe;
    /// - a circle around a pole becomes one `Polygon` bounded by the circle, the
    ///   antimeridian on both sides and the pole's latitude (±90), which every
    ///   longitude/latitude map fills correctly;
    /// - any other circle is one `Polygon`.
    ///
    /// Exterior rings are counter-clockwise, as RFC 7946 §3.1.6 asks. Where a ring meets
    /// the antimeridian the crossing latitude is interpolated linearly between two
    /// neighbouring vertices.
    ///
    /// - Throws: ``GeodesyError/outOfRange(_:)`` with `.pointCount` unless 3…10,000.
    public func geoJSON(points: Int = defaultPointCount) throws(GeodesyError) -> GeoJSONGeometry {
        try Self.check(points)
        guard radius.meters > 0 else {
            return .point(GeoJSONPosition(longitude: center.longitude.degrees, latitude: center.latitude.degrees))
        }
        let ring = vertices(points).map { (x: $0.longitude, y: $0.latitude) }
        return AntimeridianCut.geometry(ring: ring)
    }

    /// The vertices in degrees, from `geod_direct` at bearings 0, −360/N, −2·360/N, …
    func vertices(_ count: Int) -> [(latitude: Double, longitude: Double)] {
        let kernel = Geodesic.wgs84.kernel
        return (0..<count).map { index in
            let bearing = -360 * Double(index) / Double(count)
            let end = kernel.direct(
                latitude: center.latitude.degrees, longitude: center.longitude.degrees, azimuth: bearing,
                distance: radius.meters)
            return (end.latitude, end.longitude)
        }
    }

    private static func check(_ points: Int) throws(GeodesyError) {
        guard (3...10_000).contains(points) else { throw .outOfRange(.pointCount) }
    }
}
