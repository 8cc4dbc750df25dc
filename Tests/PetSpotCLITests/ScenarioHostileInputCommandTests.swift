import Foundation
import GPSDTestSupport
import LocationTestSupport
import Scenarios
import Testing

/// Hostile scenario files through the real `petspot` binary: a clear error and an exit
/// status, never a trap; a check that can fail; a terminal that only sees text.
@Suite("petspot scenario: hostile input")
struct ScenarioHostileInputCommandTests {
    /// A folder with `files`, removed after `body`.
    static func withFiles<T>(_ files: [String: String], _ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return try await body(directory)
    }

    /// An NMEA GGA with an HDOP of 1e300 used to kill `scenario run/check` and `locate
    /// --scenario` with SIGILL (exit 132) when the fix's accuracy was formatted.
    @Test func anNMEATrackWithAnHDOPOf1e300IsAFileErrorNotACrash() async throws {
        let gga = NMEASentence.framed("GPGGA,120000.00,5213.78,N,02100.73,E,1,08,1e300,110.0,M,,M,,")
        try await Self.withFiles([
            "walk.yaml": "title: t\nauthorization: authorizedWhenInUse\ntimeline:\n  - track: walk.nmea\n",
            "walk.nmea": gga + "\n",
        ]) { directory in
            let scenario = directory.appendingPathComponent("walk.yaml").path
            for arguments in [
                ["scenario", "run", scenario], ["scenario", "check", scenario], ["locate", "--scenario", scenario],
            ] {
                let output = try await PetSpotProcess.run(arguments)
                #expect(output.status == 65, "\(arguments): \(output.status) \(output.stderr)")
                #expect(
                    output.stderr.contains("walk.nmea:1:44: HDOP in field 8 must be from 0 to 10000, found '1e300'"))
            }
        }
    }

    /// A GPX `<time>` (or a scenario's `start:`) with a fraction of 33 digits or more killed
    /// `scenario run/check` and `locate --scenario` with SIGFPE (exit 136) inside ICU, which
    /// read it for `ISO8601DateFormatter`; found by `FuzzGPXTrack`. Now a file error.
    @Test func aTimeWithAFractionOfManyDigitsIsAFileErrorNotACrash() async throws {
        let time = "2026-05-01T10:00:00." + String(repeating: "1", count: 60) + "Z"
        try await Self.withFiles([
            "walk.yaml": "title: t\nauthorization: authorizedWhenInUse\ntimeline:\n  - track: walk.gpx\n",
            "walk.gpx": "<gpx>\n<wpt lat=\"52.2297\" lon=\"21.0122\"><time>\(time)</time></wpt>\n</gpx>\n",
            "start.yaml": "title: t\nauthorization: authorizedWhenInUse\nstart: \"\(time)\"\n",
        ]) { directory in
            let walk = directory.appendingPathComponent("walk.yaml").path
            let start = directory.appendingPathComponent("start.yaml").path
            for arguments in [
                ["scenario", "run", walk], ["scenario", "check", walk], ["locate", "--scenario", walk],
                ["scenario", "run", start],
            ] {
                let output = try await PetSpotProcess.run(arguments)
                #expect(output.status == 65, "\(arguments): \(output.status) \(output.stderr)")
                #expect(
                    output.stderr.contains("expected an ISO 8601 time")
                        || output.stderr.contains("must be an ISO 8601 time"),
                    "\(arguments): \(output.stderr)")
            }
        }
    }

    /// Two pairs of repeated keys that are lists nested 40 deep: Yams sorts repeated keys to
    /// name them and compares lists both ways at every level, 2^40 comparisons, so this
    /// 372-byte file kept `scenario check`, `scenario run`, `locate --scenario` and `report
    /// --answers` busy for days (nested 26 deep: 22 s). Found by `FuzzScenarioFile`. Now the
    /// key is refused before Yams composes anything.
    @Test func repeatedKeysThatAreDeepListsAreRefusedAtOnceNotComposedForDays() async throws {
        let list = String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40)
        let text = "? [\(list), a]\n: 1\n? [\(list), a]\n: 2\n? [\(list), b]\n: 3\n? [\(list), b]\n: 4\n"
        try await Self.withFiles(["deep.yaml": text]) { directory in
            let file = directory.appendingPathComponent("deep.yaml").path
            for arguments in [
                ["scenario", "check", file], ["scenario", "run", file], ["locate", "--scenario", file],
                ["report", "missing", "--answers", file],
            ] {
                let output = try await PetSpotProcess.run(arguments, timeout: 20)
                #expect(output.status == 65, "\(arguments): \(output.status) \(output.stderr)")
                if arguments[1] == "check" {
                    // A file that could not be read is no pass (the summary said "all passed").
                    #expect(
                        output.stdout.contains("0 scenarios, 0 expectations: none failed; 1 file could not be read"))
                }
                #expect(
                    output.stderr.contains(
                        "1:3: a mapping key must be a plain value (a name such as title), not a list")
                        || output.stderr.contains(
                            "deep.yaml, line 1, column 3: a mapping key must be a plain value (a name such as title), not a list."
                        ),
                    "\(arguments): \(output.stderr)")
            }
        }
    }

    @Test func aScenarioWhoseAppNeverFinishesFailsTheCheck() async throws {
        try await Self.withFiles([
            "stuck.yaml": """
            title: the app waits for five fixes, one comes
            authorization: authorizedWhenInUse
            timeline:
              - fix: {coordinate: "52.2297, 21.0122"}
            consumer:
              - watch: {count: 5}
            expect:
              - fixes: 1
            """
        ]) { directory in
            let path = directory.appendingPathComponent("stuck.yaml").path
            let text = try await PetSpotProcess.run(["scenario", "check", path])
            #expect(text.status == 1, "\(text.stdout)")
            #expect(text.stdout.contains("✗ stuck: 1/1 expectations"))
            #expect(text.stdout.contains("1 scenario did not finish"))
            #expect(!text.stdout.contains("all passed."))
            let json = try await PetSpotProcess.run(["scenario", "check", path, "--json"])
            #expect(json.status == 1)
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(object?["passed"] as? Bool == false)
            // Alongside a passing scenario, the whole check still fails.
            #expect(try await PetSpotProcess.run(["scenario", "check", "default", path]).status == 1)
        }
    }

    @Test(arguments: ["1e-300", "0.0001", "1e300", "nan", "-1"])
    func anAbsurdSpeedIsAUsageError(speed: String) async throws {
        let output = try await PetSpotProcess.run(["scenario", "run", "default", "--speed=\(speed)"])
        #expect(output.status == 64, "\(output.stderr)")
        // Out of range, or not a plain decimal number at all (1e-300, nan): a usage error either way.
        #expect(
            output.stderr.contains("--speed must be a number from 0.001 to 100000")
                || output.stderr.contains("\"\(speed)\" is not a plain decimal number"), "\(output.stderr)")
    }

    @Test func aTitleWithEscapesReachesTheTerminalAsText() async throws {
        try await Self.withFiles([
            "evil.yaml": "title: \"Luna\\e]0;pwned\\a \\u202Egnissim\"\nauthorization: denied\n"
        ]) { directory in
            let path = directory.appendingPathComponent("evil.yaml").path
            for arguments in [["scenario", "run", path], ["scenario", "run", path, "--speed", "1000"]] {
                let output = try await PetSpotProcess.run(arguments)
                #expect(output.status == 0)
                #expect(output.stdout.hasPrefix("Scenario evil: Luna\\x1B]0;pwned\\x07 <U+202E>gnissim\n"))
                #expect(!output.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
            }
            let json = try await PetSpotProcess.run(["scenario", "run", path, "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(object?["title"] as? String == "Luna\u{1B}]0;pwned\u{07} \u{202E}gnissim")
        }
    }
}
