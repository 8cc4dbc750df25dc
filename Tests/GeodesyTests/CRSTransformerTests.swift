import Geodata
import Geodesy
import LocationTestSupport
import Testing

@Suite("CRS transforms through PROJ")
struct CRSTransformerTests {
    /// PROJ's own `cs2cs` (proj-bin) on the same point: the wrapper must not change the answer.
    static func cs2cs(_ coordinate: Coordinate, to crs: String) async throws -> (x: Double, y: Double) {
        let lines = try await ReferenceTool.run(
            "cs2cs", ["EPSG:4326", crs, "-f", "%.9f"],
            lines: ["\(coordinate.latitude.degrees) \(coordinate.longitude.degrees)"])
        let values = try ReferenceTool.numbers(
            lines, count: 3)
        let first = try #require(values.first)
        // cs2cs prints in the CRS's own axis order; both systems used here are northing first
        // (EPSG:2180) or easting first (UTM), so say which.
        return crs == "EPSG:2180" ? (first[1], first[0]) : (first[0], first[1])
    }

    @Test(arguments: ["EPSG:2180", "EPSG:32634"])
    func warsawMatchesCs2cs(crs: String) async throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        let transformer = try CRSTransformer()
        let point = try await transformer.transform(warsaw, to: crs)
        let expected = try await Self.cs2cs(warsaw, to: crs)
        #expect((point.x - expected.x).magnitude < 1e-6 && (point.y - expected.y).magnitude < 1e-6)
        #expect(point.crs == crs)
    }

    @Test func eastingIsXWhateverTheCRSAxisOrder() async throws {
        // EPSG:2180 is defined northing first; the transformer still gives x = easting.
        let point = try await CRSTransformer().transform(
            try Coordinate(latitude: 52.2297, longitude: 21.0122), to: "EPSG:2180")
        #expect(point.x > 600_000 && point.x < 700_000)  // easting
        #expect(point.y > 450_000 && point.y < 500_000)  // northing
    }

    @Test func repeatedTransformsGiveTheSameAnswer() async throws {
        let transformer = try CRSTransformer()
        let krakow = try Coordinate(latitude: 50.0647, longitude: 19.9450)
        let first = try await transformer.transform(krakow, to: "EPSG:2180")
        let second = try await transformer.transform(krakow, to: "EPSG:2180")
        #expect(first == second)
    }

    @Test func utmZoneFollowsLongitudeAndHemisphere() throws {
        #expect(CRSTransformer.utmZoneCRS(for: try Coordinate(latitude: 52.2297, longitude: 21.0122)) == "EPSG:32634")
        #expect(CRSTransformer.utmZoneCRS(for: try Coordinate(latitude: -33.8688, longitude: 151.2093)) == "EPSG:32756")
        #expect(CRSTransformer.utmZoneCRS(for: try Coordinate(latitude: 0, longitude: 180)) == "EPSG:32660")
        #expect(CRSTransformer.utmZoneCRS(for: try Coordinate(latitude: 0, longitude: -180)) == "EPSG:32601")
    }

    @Test func unknownCRSIsATypedErrorWithPROJsMessage() async throws {
        let transformer = try CRSTransformer()
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        do {
            _ = try await transformer.transform(warsaw, to: "EPSG:99999")
            Issue.record("EPSG:99999 was accepted")
        } catch {
            guard case .unknownCRS(let crs, let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(crs == "EPSG:99999")
            #expect(!message.isEmpty)
            #expect(error.description.hasPrefix("Unknown coordinate reference system 'EPSG:99999' (PROJ: "))
        }
    }

    @Test func missingDatabaseSaysSo() throws {
        do {
            _ = try CRSTransformer(searchPaths: ["/nonexistent-proj-data"])
            Issue.record("a transformer was made without proj.db")
        } catch {
            guard case .databaseUnavailable(let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(message.contains("proj.db"))
            #expect(error.description.contains("install proj-data or set PROJ_DATA"))
        }
    }

    @Test func pointOutsideTheProjectionIsATypedError() async throws {
        // An orthographic view centred on 0°, 0° cannot show the far side of the Earth.
        let transformer = try CRSTransformer()
        let farSide = try Coordinate(latitude: 0, longitude: 179)
        await #expect(throws: ProjectionError.self) {
            try await transformer.transform(farSide, to: "+proj=ortho +lat_0=0 +lon_0=0 +ellps=WGS84 +type=crs")
        }
    }
}
