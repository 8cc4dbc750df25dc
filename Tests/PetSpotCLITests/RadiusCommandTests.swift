import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import Testing

@Suite("petspot radius")
struct RadiusCommandTests {
    @Test func placeNameAndRadiusAsOnTheDetailsCard() async throws {
        let output = try await PetSpotProcess.run([
            "radius", "--center", "52.2297,21.0122", "--km", "15", "--name", "Warsaw",
        ])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("Warsaw • ±15 km\nArea: 706.8"))
    }

    @Test func coordinateStandsInForAMissingName() async throws {
        let output = try await PetSpotProcess.run(["radius", "--center", "-33.8688,151.2093", "--km", "0.5"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("-33.86880, 151.20930 • ±500 m\n"))
    }

    @Test func jsonCarriesTheLabelAndTheLibrarysArea() async throws {
        let output = try await PetSpotProcess.run(["radius", "--json", "--center", "52.2297,21.0122", "--km", "15"])
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["label"] as? String == "52.22970, 21.01220 • ±15 km")
        #expect(object["radiusText"] as? String == "±15 km")
        let circle = SearchCircle(
            center: try Coordinate(latitude: 52.2297, longitude: 21.0122), radius: try SearchRadius(kilometers: 15))
        let area = try #require(object["areaSquareMeters"] as? Double)
        #expect((area - circle.area).magnitude <= 1e-9 * circle.area)
    }

    @Test func geoJSONIsAFeatureWithAClosedPolygon() async throws {
        let output = try await PetSpotProcess.run(
            ["radius", "--geojson", "--points", "16", "--center", "52.2297,21.0122", "--km", "15", "--name", "Warsaw"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("{\"type\":\"Feature\",\"properties\":{\"label\":\"Warsaw • ±15 km\""))
        let feature = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Polygon")
        let ring = try #require((geometry["coordinates"] as? [[[Double]]])?.first)
        #expect(ring.count == 17 && ring.first == ring.last)
    }

    @Test func geoJSONAcrossTheAntimeridianIsAMultiPolygon() async throws {
        let output = try await PetSpotProcess.run(["radius", "--geojson", "--center", "-16.5,179.95", "--km", "30"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("\"geometry\":{\"type\":\"MultiPolygon\""))
    }

    @Test func zeroRadiusShowsNoPlusMinusZero() async throws {
        let output = try await PetSpotProcess.run([
            "radius", "--center", "52.2297,21.0122", "--km", "0", "--name", "Warsaw",
        ])
        #expect(output.status == 0)
        #expect(output.stdout == "Warsaw\nArea: 0.000 km²\n")
        let point = try await PetSpotProcess.run(["radius", "--geojson", "--center", "52.2297,21.0122", "--km", "0"])
        #expect(point.stdout.contains("\"geometry\":{\"type\":\"Point\",\"coordinates\":[21.0122,52.2297]}"))
    }

    @Test func badRadiusOrCentreExitsOneWithAClearMessage() async throws {
        let negative = try await PetSpotProcess.run(["radius", "--center", "52.2297,21.0122", "--km", "-5"])
        #expect(negative.status == 1)
        #expect(negative.stderr.contains("Radius must be between 0 and 10000 km"))
        let huge = try await PetSpotProcess.run(["radius", "--center", "52.2297,21.0122", "--km", "20000"])
        #expect(huge.status == 1)
        let centre = try await PetSpotProcess.run(["radius", "--center", "52.2297, 181", "--km", "5"])
        #expect(centre.status == 1)
        #expect(centre.stderr.contains("Must be between -180 and 180"))
        let points = try await PetSpotProcess.run([
            "radius", "--geojson", "--points", "2", "--center", "1, 1", "--km", "5",
        ])
        #expect(points.status == 1)
        #expect(points.stderr.contains("Number of points must be between 3 and 10000"))
    }

    @Test func usageErrorsExitSixtyFour() async throws {
        #expect(try await PetSpotProcess.run(["radius", "--km", "5"]).status == 64)
        #expect(try await PetSpotProcess.run(["radius", "--center", "1,1"]).status == 64)
        #expect(try await PetSpotProcess.run(["radius", "--center", "1,1", "--km", "five"]).status == 64)
        #expect(
            try await PetSpotProcess.run(["radius", "--center", "1,1", "--km", "5", "--json", "--geojson"]).status == 64
        )
    }
}
