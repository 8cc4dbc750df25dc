import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import Testing

@Suite("petspot nearby")
struct NearbyCommandTests {
    /// A reports file in a fresh temporary directory.
    static func file(_ text: String, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-nearby-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let csv = """
        id,latitude,longitude,radiusKm
        # a comment
        near,52.25,21.0,15
        krakow,50.0647,19.9450,300
        sydney,-33.8,151.2,10

        tight,52.2297,21.0122,0
        """

    @Test func csvReportsWithinReachNearestFirst() async throws {
        let path = try Self.file(Self.csv, name: "reports.csv")
        let output = try await PetSpotProcess.run(["nearby", "--from", "52.2297,21.0122", "--reports", path])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first == "3 of 4 reports within reach of 52.22970, 21.01220")
        #expect(lines.dropFirst().map { $0.split(separator: " ")[2] } == ["tight", "near", "krakow"])
        #expect(lines.last?.hasSuffix("krakow  50.06470, 19.94500 • ±300 km") == true)
    }

    @Test func jsonMatchesTheLibrarysExactSearch() async throws {
        let path = try Self.file(Self.csv, name: "reports.csv")
        let output = try await PetSpotProcess.run([
            "nearby", "--json", "--from", "-33.8688,151.2093", "--reports", path,
        ])
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let matches = try #require(object["matches"] as? [[String: Any]])
        let sydney = try Coordinate(latitude: -33.8, longitude: 151.2)
        let expected = Geodesic.wgs84.inverse(from: try Coordinate(latitude: -33.8688, longitude: 151.2093), to: sydney)
        #expect(object["count"] as? Int == 1 && object["reports"] as? Int == 4)
        #expect(matches.first?["id"] as? String == "sydney")
        let meters = try #require(matches.first?["meters"] as? Double)
        #expect((meters - expected.meters).magnitude < 1e-9)
    }

    @Test func jsonReportsFromStandardInputWithTheAPIsRadiusName() async throws {
        let input = """
            [{"id": "a", "latitude": 10, "longitude": 179.9, "radiusKm": 30},
             {"id": 7, "latitude": 10, "longitude": -179.95, "locationRadius": 30},
             {"id": "far", "latitude": 10, "longitude": 170, "radiusKm": 30}]
            """
        let output = try await PetSpotProcess.run(["nearby", "--from", "10,-179.9", "--reports", "-"], stdin: input)
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("2 of 3 reports within reach of 10.00000, -179.90000\n"))
        #expect(output.stdout.contains("  7  ") && output.stdout.contains("  a  "))
    }

    @Test func limitAndMarginWork() async throws {
        let path = try Self.file(Self.csv, name: "reports.csv")
        let limited = try await PetSpotProcess.run([
            "nearby", "--from", "52.2297,21.0122", "--reports", path, "--limit", "1",
        ])
        #expect(limited.stdout.split(separator: "\n").count == 2)
        #expect(limited.stdout.hasPrefix("3 of 4"))
        let margin = try await PetSpotProcess.run(
            ["nearby", "--from", "-33.9,151.2", "--reports", path, "--margin-km", "20"])
        #expect(margin.stdout.hasPrefix("1 of 4"))
        let noMargin = try await PetSpotProcess.run(["nearby", "--from", "-33.9,151.2", "--reports", path])
        #expect(noMargin.stdout.hasPrefix("0 of 4"))
        #expect(noMargin.status == 0)
    }

    @Test func everyBadReportIsListedAndNoneIsUsed() async throws {
        let output = try await PetSpotProcess.run(
            ["nearby", "--from", "52.2297,21.0122", "--reports", "-"],
            stdin: "ok,52,21,5\nlat,95,21,5\nshort,50.06\nradius,1,2,-4\nnan,1,2,abc\n")
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("Reports: 4 invalid reports, none used"))
        #expect(output.stderr.contains("line 2: latitude \"95\": Must be between -90 and 90"))
        #expect(output.stderr.contains("line 3: expected id,latitude,longitude,radiusKm (4 fields), found 2"))
        #expect(output.stderr.contains("line 4: Radius must be between 0 and 10000 km"))
        #expect(output.stderr.contains("line 5: radiusKm \"abc\" is not a number"))
    }

    @Test func unreadableFileAndBadJSONAreClearErrors() async throws {
        let missing = try await PetSpotProcess.run([
            "nearby", "--from", "1, 1", "--reports", "/nonexistent/reports.csv",
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Cannot read the reports file /nonexistent/reports.csv: no such file."))
        let folder = try await PetSpotProcess.run(["nearby", "--from", "1, 1", "--reports", "/tmp"])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("Cannot read the reports file /tmp: it is a directory."))
        let json = try await PetSpotProcess.run(["nearby", "--from", "1, 1", "--reports", "-"], stdin: "[{\"id\": ")
        #expect(json.status == 1)
        #expect(json.stderr.contains("Reports: standard input, line 1, column 9: not valid JSON"))
    }

    @Test func negativeFromWorksAndUsageErrorsExitSixtyFour() async throws {
        let output = try await PetSpotProcess.run(
            ["nearby", "--from", "-33.8688,151.2093", "--reports", "-"], stdin: "s,-33.8688,151.2093,1\n")
        #expect(output.status == 0)
        #expect(output.stdout.contains("0.000 km  s  -33.86880, 151.20930 • ±1 km"))
        #expect(try await PetSpotProcess.run(["nearby", "--reports", "-"]).status == 64)
        #expect(
            try await PetSpotProcess.run(["nearby", "--from", "1, 1", "--reports", "-", "--store", "sqlite:"]).status
                == 64)
        #expect(
            try await PetSpotProcess.run(["nearby", "--from", "1, 1", "--reports", "-", "--limit", "-1"]).status == 64)
    }
}
