import Geodata
import Geodesy
import Testing

@Suite("Nearby search")
struct NearbySearchTests {
    /// Reports clustered round a few cities (where most pets go missing) plus some anywhere,
    /// including the poles and the antimeridian; radii mostly 0–50 km, some zero, some huge.
    static func reports(_ count: Int, seed: UInt64) throws -> [NearbyReport] {
        var generator = SeededGenerator(seed: seed)
        let cities: [(Double, Double)] = [
            (52.2297, 21.0122), (-33.8688, 151.2093), (64.1, -179.9), (89.9, 0), (-89.95, 0),
        ]
        return try (0..<count).map { index in
            let coordinate: Coordinate
            if index % 4 == 3 {
                coordinate = try Coordinate(
                    latitude: Double.random(in: -90...90, using: &generator),
                    longitude: Double.random(in: -180...180, using: &generator))
            } else {
                let city = cities[Int.random(in: 0..<cities.count, using: &generator)]
                let start = try Coordinate(latitude: city.0, longitude: city.1)
                coordinate = try Geodesic.wgs84.destination(
                    from: start, bearing: Double.random(in: -180...180, using: &generator),
                    distance: Double.random(in: 0...80_000, using: &generator)
                ).coordinate
            }
            let meters: Double
            switch index % 50 {
            case 0: meters = 0
            case 1: meters = Double.random(in: 0...10_000_000, using: &generator)
            default: meters = Double.random(in: 0...50_000, using: &generator)
            }
            return NearbyReport(id: "r\(index)", coordinate: coordinate, radius: try SearchRadius(meters: meters))
        }
    }

    @Test func fastSearchReturnsExactlyWhatBruteForceReturns() throws {
        let reports = try Self.reports(10_000, seed: 0x4E45_4152_4259)
        let search = NearbySearch(reports: reports)
        var generator = SeededGenerator(seed: 7)
        var queries = try (0..<100).map { _ in
            try Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
        }
        // Near the clusters, on report locations themselves, at the poles and on the antimeridian.
        queries += try [(52.25, 21.0), (-33.9, 151.2), (64.1, 179.95), (90, 0), (-90, 0), (0, 180), (0, -180)].map {
            try Coordinate(latitude: $0.0, longitude: $0.1)
        }
        queries += stride(from: 0, to: 400, by: 16).map { reports[$0].coordinate }
        var total = 0
        for query in queries {
            for margin in [SearchRadius.zero, try SearchRadius(kilometers: 5)] {
                let fast = search.matches(near: query, margin: margin)
                let exact = search.bruteForceMatches(near: query, margin: margin)
                #expect(fast == exact, "query \(query), margin \(margin)")
                total += exact.count
            }
        }
        #expect(total > 5_000)  // the comparison covered many matches, not empty lists
    }

    @Test func reportExactlyAtTheEdgeOfItsRadiusIsIncludedAndJustBeyondIsNot() throws {
        let places: [(Double, Double)] = [(52.2297, 21.0122), (89.999, 45), (-89.999, -120), (10, 179.9999), (0, -180)]
        for place in places {
            let found = try Coordinate(latitude: place.0, longitude: place.1)
            let reportPlace = try Geodesic.wgs84.destination(from: found, bearing: 77, distance: 12_345).coordinate
            let meters = Geodesic.wgs84.inverse(from: found, to: reportPlace).meters
            let reports = [
                NearbyReport(id: "edge", coordinate: reportPlace, radius: try SearchRadius(meters: meters)),
                NearbyReport(id: "short", coordinate: reportPlace, radius: try SearchRadius(meters: meters.nextDown)),
            ]
            let matches = NearbySearch(reports: reports).matches(near: found)
            #expect(matches.map(\.report.id) == ["edge"], "at \(found)")
            #expect(matches.first?.meters == meters)
        }
    }

    @Test func matchesAreNearestFirstWithTiesInReportOrder() throws {
        let found = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        let radius = try SearchRadius(kilometers: 50)
        let far = try Geodesic.wgs84.destination(from: found, bearing: 10, distance: 30_000).coordinate
        let near = try Geodesic.wgs84.destination(from: found, bearing: 200, distance: 2_000).coordinate
        let reports = [
            NearbyReport(id: "far", coordinate: far, radius: radius),
            NearbyReport(id: "near-b", coordinate: near, radius: radius),
            NearbyReport(id: "near-a", coordinate: near, radius: radius),
            NearbyReport(id: "out", coordinate: far, radius: try SearchRadius(kilometers: 10)),
        ]
        let matches = NearbySearch(reports: reports).matches(near: found)
        #expect(matches.map(\.report.id) == ["near-b", "near-a", "far"])
        #expect(matches.map(\.index) == [1, 2, 0])
    }

    @Test func zeroRadiusReportMatchesOnlyItsOwnPlace() throws {
        let place = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        let search = NearbySearch(reports: [NearbyReport(id: "here", coordinate: place, radius: .zero)])
        #expect(search.matches(near: place).map(\.meters) == [0])
        let step = try Geodesic.wgs84.destination(from: place, bearing: 0, distance: 0.01).coordinate
        #expect(search.matches(near: step).isEmpty)
        #expect(search.matches(near: step, margin: try SearchRadius(meters: 1)).count == 1)
    }

    @Test func reachAcrossTheAntimeridianAndOverAPole() throws {
        let radius = try SearchRadius(kilometers: 30)
        let reports = [
            NearbyReport(id: "fiji", coordinate: try Coordinate(latitude: -16.5, longitude: -179.9), radius: radius),
            NearbyReport(id: "pole", coordinate: try Coordinate(latitude: 89.9, longitude: 180), radius: radius),
        ]
        let search = NearbySearch(reports: reports)
        #expect(search.matches(near: try Coordinate(latitude: -16.5, longitude: 179.9)).map(\.report.id) == ["fiji"])
        #expect(search.matches(near: try Coordinate(latitude: 89.9, longitude: 0)).map(\.report.id) == ["pole"])
    }

    @Test func noReportsNoMatches() throws {
        #expect(NearbySearch(reports: []).matches(near: try Coordinate(latitude: 0, longitude: 0)).isEmpty)
    }
}
