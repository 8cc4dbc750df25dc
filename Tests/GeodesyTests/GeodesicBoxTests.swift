import Geodata
import Geodesy
import PropertyBased
import Testing

/// The box a store searches before measuring: every point within the distance is inside it,
/// whatever the centre (poles and the antimeridian included), and it is not much larger.
@Suite struct GeodesicBoxTests {
    static func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test func everyPointWithinTheDistanceIsInsideTheBox() async {
        await propertyCheck(
            count: 2000, input: Gen.double(in: -90...90), Gen.double(in: -180...180), Gen.double(in: 0...360),
            Gen.double(in: 0...1), Gen.double(in: 0...3_000_000)
        ) { latitude, longitude, bearing, fraction, meters in
            let center = try Self.point(latitude, longitude)
            let box = GeodesicBox(around: center, meters: meters)
            let end = try Geodesic.wgs84.destination(from: center, bearing: bearing, distance: meters * fraction)
            #expect(box.contains(end.coordinate), "\(center) \(meters) m → \(end.coordinate) outside \(box)")
        }
    }

    @Test func aBoxAcrossTheAntimeridianIsTwoRanges() throws {
        let box = GeodesicBox(around: try Self.point(0, 179.9), meters: 50_000)
        #expect(box.longitudes.count == 2)
        #expect(box.contains(try Self.point(0, -179.9)))
        #expect(!box.contains(try Self.point(0, 0)))
    }

    @Test func aBoxThatReachesAPoleHoldsEveryLongitude() throws {
        let box = GeodesicBox(around: try Self.point(89.9, 10), meters: 20_000)
        #expect(box.longitudes == [-180...180])
        #expect(!box.isWholeGlobe)
        #expect(GeodesicBox(around: try Self.point(0, 0), meters: 21_000_000).isWholeGlobe)
    }

    @Test func theBoxIsTightAtMidLatitudes() throws {
        // 15 km around Warsaw: about 0.135° of latitude and 0.22° of longitude each way.
        let box = GeodesicBox(around: try Self.point(52.2297, 21.0122), meters: 15_000)
        #expect((box.latitudes.upperBound - 52.2297) < 0.137)
        #expect((box.longitudes[0].upperBound - 21.0122) < 0.225)
    }
}
