import Geodata
import Geodesy
import LocationTestSupport
import Testing

/// PROJ's geodesic solver through ``Geodesic`` against GeographicLib's `GeodSolve`, an
/// independent (C++) implementation of the same algorithms, printed with 10 decimals of a metre.
@Suite("Geodesic against GeodSolve")
struct GeodesicTests {
    static let seed: UInt64 = 0x5045_5453_504F_5401

    /// 1e-6 m, the bound; both sides are Karney's algorithm, so they agree far closer.
    static let meters = 1e-6
    /// Bearings: 1e-9 degrees is about 0.1 mm of sideways error over 10,000 km.
    static let degrees = 1e-9

    static func randomCoordinates(_ count: Int, seed: UInt64) throws -> [Coordinate] {
        var generator = SeededGenerator(seed: seed)
        return try (0..<count).map { _ in
            try Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
        }
    }

    /// Runs `GeodSolve -i` on the pairs and checks every distance and bearing.
    static func expectInverseMatchesGeodSolve(_ pairs: [(Coordinate, Coordinate)]) async throws {
        let lines = pairs.map { a, b in
            "\(a.latitude.degrees) \(a.longitude.degrees) \(b.latitude.degrees) \(b.longitude.degrees)"
        }
        let reference = try await ReferenceTool.numbers(
            ReferenceTool.run("GeodSolve", ["-i", "-p", "10"], lines: lines), count: 3)
        try #require(reference.count == pairs.count)
        for (index, (a, b)) in pairs.enumerated() {
            let path = Geodesic.wgs84.inverse(from: a, to: b)
            let expected = reference[index]
            #expect(
                (path.meters - expected[2]).magnitude <= meters,
                "distance \(a) → \(b): \(path.meters) vs GeodSolve \(expected[2])")
            if expected[2] > 0 {
                #expect(
                    bearingDifference(path.initialBearing, expected[0]) <= degrees,
                    "initial bearing \(a) → \(b): \(path.initialBearing) vs \(expected[0])")
                #expect(
                    bearingDifference(path.finalBearing, expected[1]) <= degrees,
                    "final bearing \(a) → \(b): \(path.finalBearing) vs \(expected[1])")
            }
        }
    }

    @Test func inverseMatchesGeodSolveOnFiveThousandRandomPairs() async throws {
        let points = try Self.randomCoordinates(10_000, seed: Self.seed)
        let pairs = stride(from: 0, to: points.count, by: 2).map { (points[$0], points[$0 + 1]) }
        try await Self.expectInverseMatchesGeodSolve(pairs)
    }

    @Test func inverseMatchesGeodSolveOnNearbyRandomPairs() async throws {
        // Short distances (up to ~50 km), as a pet search uses them.
        var generator = SeededGenerator(seed: Self.seed &+ 1)
        let pairs = try Self.randomCoordinates(2_000, seed: Self.seed &+ 2).map { start in
            let end = try Coordinate(
                latitude: min(max(start.latitude.degrees + Double.random(in: -0.4...0.4, using: &generator), -90), 90),
                longitude: start.longitude.degrees)
            return (start, end)
        }
        try await Self.expectInverseMatchesGeodSolve(pairs)
    }

    static let edgeCases: [(String, Double, Double, Double, Double)] = [
        ("antipodal on the equator", 0, 0, 0, 180),
        ("antipodal off the equator", 30, 20, -30, -160),
        ("near-antipodal", 0.5, 0, -0.5, 179.7),
        ("near-antipodal, both sides", -0.1, -179.95, 0.1, 0.02),
        ("pole to pole", 90, 0, -90, 0),
        ("north pole to a point", 90, 0, 52.2297, 21.0122),
        ("point to south pole", 52.2297, 21.0122, -90, 123),
        ("along the pole's longitudes", 89.9, 0, 89.9, 180),
        ("across the antimeridian", 10, 179.9, 10, -179.9),
        ("antimeridian, same point spelled twice", 0, 180, 0, -180),
        ("zero distance", 52.2297, 21.0122, 52.2297, 21.0122),
        ("zero distance at a pole", 90, 10, 90, -170),
        ("one nanodegree apart", 52.2297, 21.0122, 52.229700001, 21.0122),
        ("along the equator", 0, -10, 0, 10),
        ("along a meridian", -40, 21, 60, 21),
        ("Warsaw to Kraków", 52.2297, 21.0122, 50.0647, 19.9450),
        ("Sydney to London", -33.8688, 151.2093, 51.5074, -0.1278),
    ]

    @Test func edgeCasesMatchGeodSolveAndAreFinite() async throws {
        let pairs = try Self.edgeCases.map { _, lat1, lon1, lat2, lon2 in
            (try Coordinate(latitude: lat1, longitude: lon1), try Coordinate(latitude: lat2, longitude: lon2))
        }
        for (a, b) in pairs {
            let path = Geodesic.wgs84.inverse(from: a, to: b)
            #expect(path.meters.isFinite && path.initialBearing.isFinite && path.finalBearing.isFinite)
        }
        try await Self.expectInverseMatchesGeodSolve(pairs)
    }

    @Test func antimeridianCrossingIsTheShortWay() throws {
        let east = try Coordinate(latitude: 10, longitude: 179.9)
        let west = try Coordinate(latitude: 10, longitude: -179.9)
        let path = Geodesic.wgs84.inverse(from: east, to: west)
        #expect(path.meters > 21_000 && path.meters < 22_000)  // 0.2° of longitude at 10° N
        #expect(bearingDifference(path.initialBearing, 90) < 0.1)  // heading east
    }

    @Test func zeroDistanceIsExactlyZero() throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        #expect(Geodesic.wgs84.inverse(from: warsaw, to: warsaw).meters == 0)
        let pole = Geodesic.wgs84.inverse(
            from: try Coordinate(latitude: 90, longitude: 0), to: try Coordinate(latitude: 90, longitude: 90))
        #expect(pole.meters == 0)
    }

    @Test func destinationMatchesGeodSolveDirect() async throws {
        var generator = SeededGenerator(seed: Self.seed &+ 3)
        let starts = try Self.randomCoordinates(2_000, seed: Self.seed &+ 4)
        let problems = starts.map { start in
            (
                start, Double.random(in: -180...180, using: &generator),
                Double.random(in: 0...Geodesic.maximumDistance, using: &generator)
            )
        }
        let lines = problems.map { start, bearing, distance in
            "\(start.latitude.degrees) \(start.longitude.degrees) \(bearing) \(distance)"
        }
        let reference = try await ReferenceTool.numbers(
            ReferenceTool.run("GeodSolve", ["-p", "10"], lines: lines), count: 3)
        try #require(reference.count == problems.count)
        for (index, (start, bearing, distance)) in problems.enumerated() {
            let end = try Geodesic.wgs84.destination(from: start, bearing: bearing, distance: distance)
            let expected = reference[index]
            #expect((end.coordinate.latitude.degrees - expected[0]).magnitude <= Self.degrees)
            #expect(bearingDifference(end.coordinate.longitude.degrees, expected[1]) <= Self.degrees)
            #expect(bearingDifference(end.finalBearing, expected[2]) <= Self.degrees)
        }
    }

    @Test func destinationThenInverseReturnsTheSamePath() throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        for distance in [0.0, 1, 15_000, 1_000_000, 19_000_000] {
            let end = try Geodesic.wgs84.destination(from: warsaw, bearing: 33, distance: distance)
            let back = Geodesic.wgs84.inverse(from: warsaw, to: end.coordinate)
            #expect((back.meters - distance).magnitude < 1e-6, "distance \(distance)")
        }
    }

    @Test func destinationOverThePoleAndAntimeridianStaysInRange() throws {
        let start = try Coordinate(latitude: 89, longitude: 179.99)
        let end = try Geodesic.wgs84.destination(from: start, bearing: 0, distance: 300_000)
        #expect(end.coordinate.latitude.degrees < 89 && end.coordinate.latitude.degrees > 86)
        #expect(end.coordinate.longitude.degrees.magnitude <= 180)
        let zero = try Geodesic.wgs84.destination(from: start, bearing: 45, distance: 0)
        #expect(zero.coordinate == start)
    }

    @Test(arguments: [Double.nan, .infinity, -1, 20_000_001])
    func destinationRejectsBadDistances(_ distance: Double) throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        #expect(throws: GeodesyError.self) {
            try Geodesic.wgs84.destination(from: warsaw, bearing: 0, distance: distance)
        }
    }

    @Test func badBearingsSayWhatIsWrong() throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        #expect(throws: GeodesyError.notFinite(.bearing)) {
            try Geodesic.wgs84.destination(from: warsaw, bearing: .nan, distance: 1)
        }
        #expect(throws: GeodesyError.outOfRange(.bearing)) {
            try Geodesic.wgs84.destination(from: warsaw, bearing: 361, distance: 1)
        }
        #expect(GeodesyError.outOfRange(.bearing).description == "Bearing must be between -360 and 360 degrees")
    }

    @Test func geodataRadiusErrorsKeepTheirMessageAsGeodesyErrors() {
        #expect(GeodesyError(RadiusError.notFinite) == .notFinite(.radius))
        #expect(GeodesyError(RadiusError.outOfRange) == .outOfRange(.radius))
        for error in [RadiusError.notFinite, .outOfRange] {
            #expect(GeodesyError(error).description == error.description)
        }
        #expect(GeodesyError(RadiusError.notFinite).description == "Radius must be a finite number")
    }

    @Test func compassBearingIsInZeroTo360() {
        #expect(GeodesicPath.compassBearing(-162.5) == 197.5)
        #expect(GeodesicPath.compassBearing(180) == 180)
        #expect(GeodesicPath.compassBearing(-0.0) == 0 && GeodesicPath.compassBearing(-0.0).sign == .plus)
        #expect(GeodesicPath.compassBearing(360) == 0)
        #expect(GeodesicPath.compassBearing(-360) == 0)
    }
}
