import Foundation
import Geodata
import Testing

@Suite("Radius display")
struct RadiusDisplayTests {
    @Test(arguments: [
        (0.2, "±1 m"), (0.5, "±1 m"), (1, "±1 m"), (35, "±35 m"), (99.4, "±99 m"), (99.5, "±100 m"),
        (104, "±100 m"), (105, "±110 m"), (500, "±500 m"), (994, "±990 m"), (995, "±1 km"),
        (1_000, "±1 km"), (1_049, "±1 km"), (1_050, "±1.1 km"), (1_250, "±1.3 km"), (2_040, "±2 km"),
        (9_949, "±9.9 km"), (9_950, "±10 km"), (9_960, "±10 km"), (15_000, "±15 km"), (15_400, "±15 km"),
        (15_500, "±16 km"), (250_000, "±250 km"), (10_000_000, "±10000 km"),
    ])
    func radiusTextFollowsTheRoundingRules(meters: Double, expected: String) throws {
        #expect(RadiusDisplay.radiusText(try SearchRadius(meters: meters)) == expected)
    }

    @Test func zeroRadiusShowsNoRadiusNeverPlusMinusZero() throws {
        #expect(RadiusDisplay.radiusText(.zero) == nil)
        #expect(RadiusDisplay.radiusText(try SearchRadius(meters: -0.0)) == nil)
        #expect(RadiusDisplay.line(place: "Warsaw", coordinate: nil, radius: .zero) == "Warsaw")
        #expect(try SearchRadius(meters: 0.0001).description == "±1 m")
    }

    @Test func placeAndRadiusAsTheDetailsCardShowsThem() throws {
        let line = RadiusDisplay.line(place: "Warsaw", coordinate: nil, radius: try SearchRadius(kilometers: 15))
        #expect(line == "Warsaw • ±15 km")
        #expect(line == "Warsaw \u{2022} ±15 km")
    }

    @Test func coordinateStandsInForAMissingPlaceName() throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        let radius = try SearchRadius(kilometers: 15)
        #expect(RadiusDisplay.line(place: nil, coordinate: warsaw, radius: radius) == "52.22970, 21.01220 • ±15 km")
        #expect(RadiusDisplay.line(place: "  ", coordinate: warsaw, radius: radius) == "52.22970, 21.01220 • ±15 km")
        #expect(RadiusDisplay.line(place: "Warsaw", coordinate: warsaw, radius: radius) == "Warsaw • ±15 km")
    }

    @Test func placeNameWhiteSpaceIsTidied() throws {
        let line = RadiusDisplay.line(place: "  New\tYork \n ", coordinate: nil, radius: try SearchRadius(meters: 500))
        #expect(line == "New York • ±500 m")
    }

    @Test func nothingToShowIsNil() throws {
        #expect(RadiusDisplay.line(place: nil, coordinate: nil, radius: try SearchRadius(kilometers: 15)) == nil)
        #expect(RadiusDisplay.line(place: "", coordinate: nil, radius: nil) == nil)
        #expect(RadiusDisplay.line(place: "Warsaw", coordinate: nil, radius: nil) == "Warsaw")
    }

    @Test func apiKilometresAreCheckedWithAClearError() throws {
        #expect(try RadiusDisplay.line(place: "Warsaw", coordinate: nil, radiusKilometers: 0.5) == "Warsaw • ±500 m")
        #expect(try RadiusDisplay.line(place: "Warsaw", coordinate: nil, radiusKilometers: nil) == "Warsaw")
        #expect(throws: RadiusError.outOfRange) {
            try RadiusDisplay.line(place: "Warsaw", coordinate: nil, radiusKilometers: -5)
        }
        #expect(throws: RadiusError.notFinite) {
            try RadiusDisplay.line(place: "Warsaw", coordinate: nil, radiusKilometers: .infinity)
        }
        #expect(RadiusError.outOfRange.description == "Radius must be between 0 and 10000 km")
        #expect(RadiusError.notFinite.description == "Radius must be a finite number")
    }

    @Test func searchRadiusDecodesCheckedMetres() throws {
        let radius = try SearchRadius(kilometers: 15)
        #expect(radius.meters == 15_000 && radius.kilometers == 15)
        #expect(try SearchRadius(meters: 10_000_000) == SearchRadius(kilometers: 10_000))
        #expect(throws: RadiusError.outOfRange) { try SearchRadius(meters: 10_000_001) }
        #expect(String(decoding: try JSONEncoder().encode([radius]), as: UTF8.self) == "[15000]")
        #expect(try JSONDecoder().decode([SearchRadius].self, from: Data("[500]".utf8)) == [SearchRadius(meters: 500)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([SearchRadius].self, from: Data("[-1]".utf8)) }
    }
}
