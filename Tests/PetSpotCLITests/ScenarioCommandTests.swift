import Foundation
import LocationTestSupport
import Testing

@Suite("petspot scenario")
struct ScenarioCommandTests {
    @Test func listShowsEveryBundledScenarioAndMarksTheDefault() async throws {
        let output = try await PetSpotProcess.run(["scenario", "list"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 14)
        #expect(
            lines.contains {
                $0.hasPrefix("default ") && $0.hasSuffix("Not determined → granted → fix, in Warsaw (default)")
            })
        let json = try await PetSpotProcess.run(["scenario", "list", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(items?.count == 14)
        #expect(items?.filter { $0["default"] as? Bool == true }.map { $0["name"] as? String } == ["default"])
    }

    @Test func runPrintsTheSameBytesEveryTime() async throws {
        let first = try await PetSpotProcess.run(["scenario", "run", "permission-revoked"])
        let second = try await PetSpotProcess.run(["scenario", "run", "permission-revoked"])
        #expect(first.status == 0)
        #expect(Data(first.stdout.utf8) == Data(second.stdout.utf8))
        #expect(first.stdout.hasPrefix("Scenario permission-revoked: Permission revoked mid-stream\n"))
        #expect(first.stdout.contains("person    changes it in settings → denied"))
        #expect(first.stdout.contains("app       ← update: location use not allowed (denied)"))
        #expect(first.stdout.contains("app       ← denied: Location permission was denied."))
        #expect(first.stdout.hasSuffix("Played 5.000 s of virtual time; expectations: all 4 passed.\n"))
    }

    @Test func realtimePacingPrintsTheSameTranscriptAsInstantPlay() async throws {
        let instant = try await PetSpotProcess.run(["scenario", "run", "not-determined-denied"])
        let paced = try await PetSpotProcess.run(["scenario", "run", "not-determined-denied", "--speed", "50"])
        #expect(paced.status == 0)
        #expect(paced.stdout == instant.stdout)
        #expect(
            try await PetSpotProcess.run(["scenario", "run", "default", "--realtime", "--speed", "2"]).status == 64)
        #expect(try await PetSpotProcess.run(["scenario", "run", "default", "--speed", "0"]).status == 64)
    }

    @Test func runJSONIsOneObjectWithEntriesAndExpectations() async throws {
        let output = try await PetSpotProcess.run(["scenario", "run", "default", "--json"])
        #expect(output.status == 0)
        #expect(output.stdout.split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == "default")
        #expect(object["passed"] as? Bool == true)
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(
            entries.contains {
                $0["who"] as? String == "person" && $0["event"] as? String == "grant → authorizedWhenInUse"
            })
        #expect((object["expectations"] as? [Any])?.count == 7)
    }

    @Test func checkPassesEveryBundledScenario() async throws {
        let output = try await PetSpotProcess.run(["scenario", "check"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").filter { $0.hasPrefix("✓ ") }.count == 14)
        #expect(output.stdout.hasSuffix("14 scenarios, 60 expectations: all passed; 1463.5s of virtual time.\n"))
    }

    @Test func checkExitsOneListingEachFailedExpectationWithItsPosition() async throws {
        let file = try temporaryFile(
            "wrong.yaml",
            """
            title: Wrong expectations
            authorization: denied
            timeline:
              - fix: {coordinate: "52.2297, 21.0122"}
            expect:
              - request: fix
              - authorization: denied
              - latitude: "52.22970"
            """)
        let output = try await PetSpotProcess.run(["scenario", "check", file.path, "default"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("✗ wrong: 1/3 expectations"))
        #expect(output.stdout.contains("    ✗ \(file.path):6:5: the last request ends with fix; found denied\n"))
        #expect(output.stdout.contains("    ✗ \(file.path):8:5: latitude is 52.22970; found no fix\n"))
        #expect(output.stdout.contains("✓ default: 7/7 expectations"))
        #expect(output.stdout.contains("2 scenarios, 10 expectations: 2 failed"))
    }

    @Test func brokenFilesExitSixtyFiveWithFileLineAndColumn() async throws {
        let file = try temporaryFile(
            "bad.yaml",
            "title: Bad\nauthorization: denied\ntimeline:\n  - fix: {coordinate: \"52.2297, 21.0122\", acuracy: 5}\n")
        for arguments in [
            ["scenario", "run", file.path], ["scenario", "check", file.path], ["locate", "--scenario", file.path],
        ] {
            let output = try await PetSpotProcess.run(arguments)
            #expect(output.status == 65, "\(arguments)")
            #expect(
                output.stderr.contains("\(file.path):4:43: unknown key 'acuracy' in a fix; expected one of:"),
                "\(output.stderr)")
        }
        let missing = try await PetSpotProcess.run(["scenario", "run", "nonesuch"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("no bundled scenario named 'nonesuch'; bundled: accuracy-improving"))
    }

    @Test func exportWritesOneGGAAndRMCPerReportWithChecksums() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString).nmea")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await PetSpotProcess.run(["scenario", "export", "walking-warsaw", "--nmea", file.path])
        #expect(output.status == 0)
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 24)
        #expect(lines[0].hasPrefix("$GPGGA,120000.00,5214.866200,N,02100.820200,E,1,,1.20,100.0,M,,,,*"))
        for line in lines {
            let body = line.dropFirst().prefix { $0 != "*" }
            let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            #expect(line.hasSuffix("*" + String(format: "%02X", checksum)), "\(line)")
        }
        let stdout = try await PetSpotProcess.run(["scenario", "export", "walking-warsaw", "--nmea", "-"])
        #expect(stdout.stdout == lines.map { $0 + "\r\n" }.joined())
    }

    @Test func noArgumentsPlaysTheDefaultScenarioEndToEnd() async throws {
        let output = try await PetSpotProcess.run([])
        #expect(output.status == 0)
        // The demo is the Animal description step (ShowAndDemoTests checks the screens).
        #expect(output.stdout.contains("the scenario \"default\" (Not determined → granted → fix, in Warsaw)"))
        #expect(output.stdout.contains("prompt    shown: Allow “PetSpot” to use your location?"))
        #expect(output.stdout.contains("Filled from the scenario's fix: Lat 52.22970, Long 21.01220"))
    }

    @Test func theBinaryPlaysBundledScenariosWithoutTheSourceTree() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("petspot")
        try FileManager.default.copyItem(at: PetSpotProcess.binary, to: copy)
        let output = try await PetSpotProcess.run(["scenario", "check"], currentDirectory: directory, executable: copy)
        #expect(output.status == 0)
        #expect(output.stdout.contains("14 scenarios, 60 expectations: all passed"))
    }

    @Test func locateAndWatchPlayAScenarioInPlaceOfGPSD() async throws {
        let fix = try await PetSpotProcess.run(["locate", "--scenario", "default", "--accuracy", "10"])
        #expect(fix.status == 0)
        #expect(fix.stdout == "52.22970, 21.01220 ±5 m\n")
        let denied = try await PetSpotProcess.run(["locate", "--scenario", "permission-denied", "--json"])
        #expect(denied.status == 2)
        #expect(denied.stdout.contains("\"error\":\"denied\""))
        let timeout = try await PetSpotProcess.run(["locate", "--scenario", "no-fix-timeout", "--timeout", "30"])
        #expect(timeout.status == 3)
        let watch = try await PetSpotProcess.run(["watch", "--scenario", "antimeridian", "--count", "6"])
        #expect(watch.status == 0)
        #expect(
            watch.stdout.split(separator: "\n").map { $0.split(separator: ",")[1] } == [
                " 179.99970 ±4 m", " 179.99980 ±4 m", " 179.99990 ±4 m", " 180.00000 ±4 m", " -179.99990 ±4 m",
                " -179.99980 ±4 m",
            ])
    }

    private func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenario-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
