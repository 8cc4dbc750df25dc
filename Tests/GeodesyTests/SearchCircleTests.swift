import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import Testing

@Suite("Search circle: polygon, area, GeoJSON")
struct SearchCircleTests {
    static func circle(_ latitude: Double, _ longitude: Double, km: Double) throws -> SearchCircle {
        SearchCircle(
            center: try Coordinate(latitude: latitude, longitude: longitude), radius: try SearchRadius(kilometers: km))
    }

    @Test(arguments: [(52.2297, 21.0122, 15.0), (0, 179.99, 50), (89.9, 0, 30), (-89.95, 10, 15), (10, -170, 5000)])
    func everyVertexIsTheRadiusFromTheCentre(latitude: Double, longitude: Double, km: Double) throws {
        let circle = try Self.circle(latitude, longitude, km: km)
        let ring = try circle.polygon(points: 64)
        #expect(ring.count == 64)
        for vertex in ring {
            let meters = Geodesic.wgs84.inverse(from: circle.center, to: vertex).meters
            #expect((meters - km * 1000).magnitude < 1e-3, "vertex \(vertex) is \(meters) m away")
        }
    }

    @Test(arguments: [(52.2297, 21.0122, 15.0), (0, 179.99, 50), (89.9, 0, 30), (-60, -70, 3000)])
    func polygonAreaMatchesPlanimeter(latitude: Double, longitude: Double, km: Double) async throws {
        let circle = try Self.circle(latitude, longitude, km: km)
        let ring = try circle.polygon(points: 64)
        let lines = ring.map { "\($0.latitude.degrees) \($0.longitude.degrees)" }
        let reference = try await ReferenceTool.numbers(
            ReferenceTool.run("Planimeter", ["-p", "6"], lines: lines), count: 3)
        let expected = try #require(reference.first)[2].magnitude
        let area = try circle.polygonArea(points: 64)
        // The ring goes through the printed vertices; Planimeter sees them to ~1e-15 degrees.
        #expect((area - expected).magnitude <= 1e-6 * expected, "area \(area) vs Planimeter \(expected)")
    }

    @Test func circleAreaIsJustAboveItsFinestPolygon() throws {
        let circle = try Self.circle(52.2297, 21.0122, km: 15)
        let fine = try circle.polygonArea(points: 10_000)
        #expect(circle.area > fine)
        #expect(circle.area < fine * (1 + 1e-6))
        // A 15 km circle is almost flat: π r² to within 0.01 %.
        #expect((circle.area / (Double.pi * 15_000 * 15_000) - 1).magnitude < 1e-4)
        #expect(try Self.circle(10, 10, km: 0).area == 0)
    }

    @Test func zeroRadiusIsAPoint() throws {
        let circle = try Self.circle(52.2297, 21.0122, km: 0)
        guard case .point(let centre) = try circle.geoJSON() else {
            Issue.record("a circle of radius zero is not a GeoJSON point")
            return
        }
        #expect((centre.longitude, centre.latitude) == (21.0122, 52.2297))
        #expect(try circle.polygon(points: 3).allSatisfy { $0 == circle.center })
    }

    @Test func ordinaryCircleIsOneClosedCounterClockwisePolygon() throws {
        guard case .polygon(let rings) = try Self.circle(52.2297, 21.0122, km: 15).geoJSON(points: 32) else {
            Issue.record("expected a Polygon")
            return
        }
        let ring = try #require(rings.first)
        #expect(rings.count == 1 && ring.count == 33 && ring.first == ring.last)
        #expect(Self.shoelace(ring) > 0)
    }

    @Test func circleAcrossTheAntimeridianIsCutIntoTwoPolygons() throws {
        let geometry = try Self.circle(-16.5, 179.95, km: 30).geoJSON()
        guard case .multiPolygon(let polygons) = geometry else {
            Issue.record("expected a MultiPolygon, got \(geometry.type)")
            return
        }
        #expect(polygons.count == 2)
        let rings = polygons.compactMap(\.first)
        #expect(rings.allSatisfy { ring in ring.first == ring.last && Self.shoelace(ring) > 0 })
        #expect(rings.allSatisfy { ring in ring.allSatisfy { $0.longitude.magnitude <= 180 } })
        let east = rings.filter { ring in ring.allSatisfy { $0.longitude > 0 } }
        let west = rings.filter { ring in ring.allSatisfy { $0.longitude < 0 } }
        #expect(east.count == 1 && west.count == 1)
        #expect(east.first?.contains { $0.longitude == 180 } == true)
        #expect(west.first?.contains { $0.longitude == -180 } == true)
    }

    @Test(arguments: [(89.95, 0.0, 90.0), (-89.9, 45.0, -90.0)])
    func circleAroundAPoleIsClosedAlongThePole(latitude: Double, longitude: Double, pole: Double) throws {
        let geometry = try Self.circle(latitude, longitude, km: 30).geoJSON()
        guard case .polygon(let rings) = geometry else {
            Issue.record("expected a Polygon, got \(geometry.type)")
            return
        }
        let ring = try #require(rings.first)
        #expect(ring.first == ring.last && Self.shoelace(ring) > 0)
        #expect(ring.contains { $0.longitude == 180 && $0.latitude == pole })
        #expect(ring.contains { $0.longitude == -180 && $0.latitude == pole })
        #expect(ring.allSatisfy { $0.longitude.magnitude <= 180 && $0.latitude.magnitude <= 90 })
    }

    @Test func geoJSONEncodesAsRFC7946() throws {
        let data = try JSONEncoder().encode(try Self.circle(52.2297, 21.0122, km: 15).geoJSON(points: 8))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["type"] as? String == "Polygon")
        let rings = try #require(object["coordinates"] as? [[[Double]]])
        #expect(rings.first?.count == 9)
        #expect(rings.first?.first?.count == 2)
        let decoded = try JSONDecoder().decode(GeoJSONGeometry.self, from: data)
        #expect(decoded == (try Self.circle(52.2297, 21.0122, km: 15).geoJSON(points: 8)))
    }

    @Test func pointCountOutsideThreeToTenThousandIsRejected() throws {
        let circle = try Self.circle(52.2297, 21.0122, km: 15)
        #expect(throws: GeodesyError.outOfRange(.pointCount)) { try circle.polygon(points: 2) }
        #expect(throws: GeodesyError.outOfRange(.pointCount)) { try circle.geoJSON(points: 10_001) }
    }

    /// Twice the signed planar area: positive when counter-clockwise on a longitude/latitude map.
    static func shoelace(_ ring: [GeoJSONPosition]) -> Double {
        zip(ring, ring.dropFirst()).reduce(0) { sum, edge in
            sum + edge.0.longitude * edge.1.latitude - edge.1.longitude * edge.0.latitude
        }
    }
}
