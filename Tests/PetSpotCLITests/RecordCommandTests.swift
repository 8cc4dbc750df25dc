import Foundation
import GPSDTestSupport
import Testing

/// `petspot record` against a real gpsd (gpsfake replaying a scenario's exported NMEA), and
/// the recording replayed as a scenario without gpsd.
@Suite("petspot record", .serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(1)))
struct RecordCommandTests {
    @Test func aRecordedSessionReplaysAsAScenarioWithTheSameFixes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["XDG_CONFIG_HOME": directory.path, "PETSPOT_LOCATION_POLICY": ""]
        let log = directory.appendingPathComponent("walk.nmea")
        #expect(try PetSpotProcess.run(["scenario", "export", "walking-warsaw", "--nmea", log.path]).status == 0)
        #expect(try PetSpotProcess.run(["permission", "grant"], environment: environment).status == 0)
        let fake = try GPSFake.start(logFile: log, cycle: 0.02)
        defer { fake.stop() }

        let out = directory.appendingPathComponent("recorded.yaml")
        let record = try PetSpotProcess.run(
            ["record", "--gpsd", "127.0.0.1:\(fake.port)", "--duration", "2", out.path], environment: environment,
            timeout: 30)
        #expect(record.status == 0, "\(record.stderr)")
        let yaml = try String(contentsOf: out, encoding: .utf8)
        #expect(yaml.hasPrefix("# Recorded by `petspot record` from gpsd 127.0.0.1:\(fake.port) on "))
        let walk = [
            "52.24777", "52.2462", "52.2444", "52.2425", "52.2406", "52.2388", "52.237", "52.2352", "52.2334",
            "52.2325", "52.232", "52.2316",
        ]
        let latitudes = yaml.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "fix: {latitude: ") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "," })
        }
        #expect(latitudes.count >= 3, "\(yaml)")
        #expect(latitudes.allSatisfy(walk.contains), "\(latitudes)")

        // Replayed without gpsd: instantly, deterministically, with its own expectation.
        fake.stop()
        let check = try PetSpotProcess.run(["scenario", "check", out.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let first = try PetSpotProcess.run(["scenario", "run", out.path])
        let second = try PetSpotProcess.run(["scenario", "run", out.path])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("receiver  fix 52.2"))
    }

    @Test func recordRejectsAbsurdDurations() throws {
        #expect(try PetSpotProcess.run(["record", "--duration", "0", "x.yaml"]).status == 64)
        #expect(try PetSpotProcess.run(["record", "--duration", "100000", "x.yaml"]).status == 64)
    }
}
