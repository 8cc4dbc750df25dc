import Foundation
import Geodata
import Testing

@testable import Places

/// libgeonames' towns (issue 46 item 3): names found with or without accents, the most
/// populous first; the nearest town the same as a scan of every town.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["CI"] == "true"
            || FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libgeonames.so.0"),
        "libgeonames is not installed"))
struct TownListTests {
    @Test func theLibraryHasItsTowns() throws {
        let towns = try TownList.shared()
        #expect(towns.towns.count > 20_000)
        let warsaw = try #require(towns.search("Warsaw").first)
        #expect(warsaw.country == "Poland" && warsaw.population > 1_000_000)
        #expect(abs(warsaw.coordinate.latitude.degrees - 52.23) < 0.05)
    }

    @Test(arguments: [("Kraków", "krakow"), ("Łódź", "Lodz"), ("Kraków", "KRAK"), ("Piaseczno", "piaseczno")])
    func aNameIsFoundWithOrWithoutItsAccents(_ name: String, _ query: String) throws {
        let towns = try TownList.shared()
        let found = towns.search(query)
        #expect(
            found.contains { NameFolding.fold($0.name) == NameFolding.fold(name) }, "\(query): \(found.map(\.name))")
        #expect(towns.search(NameFolding.fold(name)).map(\.name) == towns.search(name).map(\.name), "both ways")
    }

    @Test func resultsAreTheMostPopulousFirstAndAtMostTheLimit() throws {
        let found = try TownList.shared().search("San", limit: 10)
        #expect(found.count == 10)
        #expect(found.map(\.population) == found.map(\.population).sorted(by: >))
        #expect(try TownList.shared().search("  ").isEmpty)
        #expect(try TownList.shared().search("zzzzqqq").isEmpty)
    }

    @Test func theNearestTownIsTheOneAScanOfEveryTownFinds() throws {
        let list = try TownList.shared()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let place = try Coordinate(
                latitude: Double.random(in: -60...85, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
            let found = try #require(list.nearest(to: place))
            let scanned = list.towns.indices.map {
                (index: $0, meters: Self.sphere(place, list.towns[$0].coordinate))
            }
            .min { ($0.meters, $0.index) < ($1.meters, $1.index) }
            let expected = try #require(scanned)
            #expect(found.town == list.towns[expected.index], "\(place)")
            #expect(
                abs(found.meters - expected.meters) < 0.01, "the chord's distance is the haversine's to a centimetre")
        }
    }

    @Test func piasecznoIsTheNearestTownToAPlaceInIt() throws {
        let near = try #require(try TownList.shared().nearest(to: Coordinate(latitude: 52.0815, longitude: 21.0240)))
        #expect(near.town.name == "Piaseczno")
        #expect(near.meters < 3_000)
    }

    /// The great-circle distance on the mean sphere (haversine): the reference's own measure.
    static func sphere(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let (φ1, φ2) = (a.latitude.degrees * radians, b.latitude.degrees * radians)
        let Δφ = φ2 - φ1
        let Δλ = (b.longitude.degrees - a.longitude.degrees) * radians
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}
