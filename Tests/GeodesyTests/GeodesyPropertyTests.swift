import Geodata
import Geodesy
import PropertyBased
import Testing

/// Invariants of the geodesic wrapper over generated points (swift-property-based; a failure
/// prints the seed that reproduces it). Tolerances are those of Karney's algorithm in PROJ
/// (nanometres), widened where a property composes two solutions.
@Suite("Geodesy properties")
struct GeodesyPropertyTests {
    static let latitudes = Gen.double(in: -90...90)
    static let longitudes = Gen.double(in: -180...180)

    static func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test("distance is symmetric and never negative or NaN")
    func distanceIsSymmetric() async {
        await propertyCheck(count: 1000, input: Self.latitudes, Self.longitudes, Self.latitudes, Self.longitudes) {
            la, lo, lb, lob in
            let a = try Self.point(la, lo)
            let b = try Self.point(lb, lob)
            let there = Geodesic.wgs84.inverse(from: a, to: b).meters
            let back = Geodesic.wgs84.inverse(from: b, to: a).meters
            #expect(there.isFinite && there >= 0)
            #expect((there - back).magnitude <= 1e-6)
        }
    }

    @Test("the triangle inequality holds on the ellipsoid (within a micrometre)")
    func triangleInequality() async {
        await propertyCheck(
            count: 700, input: Self.latitudes, Self.longitudes, Self.latitudes, Self.longitudes, Self.latitudes,
            Self.longitudes
        ) { la, lo, lb, lob, lc, loc in
            let a = try Self.point(la, lo)
            let b = try Self.point(lb, lob)
            let c = try Self.point(lc, loc)
            let direct = Geodesic.wgs84.inverse(from: a, to: c).meters
            let via = Geodesic.wgs84.inverse(from: a, to: b).meters + Geodesic.wgs84.inverse(from: b, to: c).meters
            #expect(direct <= via + 1e-6)
        }
    }

    @Test("going the measured distance along the initial bearing arrives at the end point")
    func destinationOfInverseRoundTrip() async {
        await propertyCheck(count: 1000, input: Self.latitudes, Self.longitudes, Self.latitudes, Self.longitudes) {
            la, lo, lb, lob in
            let a = try Self.point(la, lo)
            let b = try Self.point(lb, lob)
            let path = Geodesic.wgs84.inverse(from: a, to: b)
            let arrived = try Geodesic.wgs84.destination(from: a, bearing: path.initialBearing, distance: path.meters)
            // Compare by distance, not by degrees: near a pole longitudes are meaningless.
            let miss = Geodesic.wgs84.inverse(from: arrived.coordinate, to: b).meters
            #expect(miss <= 1e-5, "missed \(b.formatted) by \(miss) m")
        }
    }

    @Test("the inverse of a destination gives back the distance and bearing")
    func inverseOfDestinationRoundTrip() async {
        // Up to 10,000 km: well inside the distance where a geodesic stops being the shortest
        // path (near-antipodal points have several).
        let distances = Gen.double(in: 0...10_000_000)
        let bearings = Gen.double(in: -180...180)
        await propertyCheck(count: 1000, input: Self.latitudes, Self.longitudes, bearings, distances) {
            la, lo, bearing, distance in
            // Not at a pole itself, where every bearing points the same way.
            let a = try Self.point(max(-89.9, min(89.9, la)), lo)
            let arrived = try Geodesic.wgs84.destination(from: a, bearing: bearing, distance: distance)
            let path = Geodesic.wgs84.inverse(from: a, to: arrived.coordinate)
            #expect((path.meters - distance).magnitude <= 1e-5, "\(path.meters) vs \(distance)")
        }
    }
}
