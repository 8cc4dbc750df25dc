import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import Testing

@Suite("petspot distance")
struct DistanceCommandTests {
    static func json(_ output: PetSpotProcess.Output) throws -> [String: Double] {
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Double]
        return try #require(object)
    }

    @Test func negativeCoordinatesWorkAsTypedAndMatchTheLibrary() async throws {
        let output = try await PetSpotProcess.run(["distance", "--json", "-33.8688,151.2093", "51.5074,-0.1278"])
        #expect(output.status == 0)
        let values = try Self.json(output)
        let path = Geodesic.wgs84.inverse(
            from: try Coordinate(latitude: -33.8688, longitude: 151.2093),
            to: try Coordinate(latitude: 51.5074, longitude: -0.1278))
        // Foundation's JSON reader on Linux may be one ulp off the shortest round-trip text.
        func close(_ value: Double?, _ expected: Double) -> Bool {
            value.map { ($0 - expected).magnitude <= 1e-9 } ?? false
        }
        #expect(close(values["meters"], path.meters))
        #expect(close(values["initialBearing"], GeodesicPath.compassBearing(path.initialBearing)))
        #expect(close(values["finalBearing"], GeodesicPath.compassBearing(path.finalBearing)))
    }

    @Test func jsonHasExactlyTheDocumentedKeysInOrder() async throws {
        let output = try await PetSpotProcess.run(["distance", "--json", "52.2297,21.0122", "52.2297,21.0122"])
        #expect(output.status == 0)
        #expect(output.stdout == "{\"meters\":0,\"initialBearing\":180,\"finalBearing\":180}\n")
    }

    @Test func pairsMaySpanTwoArguments() async throws {
        let split = try await PetSpotProcess.run(["distance", "--json", "52.2297,", "21.0122", "50.0647,", "19.9450"])
        let joined = try await PetSpotProcess.run(["distance", "--json", "52.2297, 21.0122", "50.0647, 19.9450"])
        #expect(split.status == 0 && joined.status == 0)
        #expect(split.stdout == joined.stdout)
    }

    @Test func textShowsMetresAndCompassBearings() async throws {
        let output = try await PetSpotProcess.run(["distance", "52.2297,21.0122", "50.0647,19.9450"])
        #expect(output.status == 0)
        let path = Geodesic.wgs84.inverse(
            from: try Coordinate(latitude: 52.2297, longitude: 21.0122),
            to: try Coordinate(latitude: 50.0647, longitude: 19.9450))
        let metres = (path.meters * 1000).rounded() / 1000
        #expect(output.stdout.contains("Distance:        \(metres) m"))
        #expect(output.stdout.contains("Initial bearing: 197.6"))
    }

    @Test func antimeridianIsCrossedTheShortWay() async throws {
        let output = try await PetSpotProcess.run(["distance", "--json", "10,179.9", "10,-179.9"])
        let meters = try #require(try Self.json(output)["meters"])
        #expect(meters > 21_000 && meters < 22_000)
    }

    @Test func invalidCoordinateExitsOneWithGeodataMessage() async throws {
        let output = try await PetSpotProcess.run(["distance", "95, 21", "50.0647, 19.9450"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("FROM \"95, 21\""))
        #expect(output.stderr.contains("Must be between -90 and 90"))
        #expect(output.stdout.isEmpty)
    }

    @Test func usageErrorsExitSixtyFour() async throws {
        #expect(try await PetSpotProcess.run(["distance"]).status == 64)
        #expect(try await PetSpotProcess.run(["distance", "1,2"]).status == 64)
        #expect(try await PetSpotProcess.run(["distance", "1,2", "3,4", "5,6"]).status == 64)
        #expect(try await PetSpotProcess.run(["distance", "--metres", "1,2", "3,4"]).status == 64)
    }
}
