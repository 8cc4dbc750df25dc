import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// `petspot record` against a real gpsd (gpsfake replaying a scenario's exported NMEA), and
/// the recording replayed as a scenario without gpsd.
@Suite("petspot record", .serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(5)))
struct RecordCommandTests {
    @Test func aRecordedSessionReplaysAsAScenarioWithTheSameFixes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["XDG_CONFIG_HOME": directory.path, "PETSPOT_LOCATION_POLICY": ""]
        let log = directory.appendingPathComponent("walk.nmea")
        #expect(try await PetSpotProcess.run(["scenario", "export", "walking-warsaw", "--nmea", log.path]).status == 0)
        #expect(try await PetSpotProcess.run(["permission", "grant"], environment: environment).status == 0)
        let fake = try GPSFake.start(logFile: log, cycle: 0.02)
        defer { fake.stop() }

        let out = directory.appendingPathComponent("recorded.yaml")
        let record = try await PetSpotProcess.run(
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
        let check = try await PetSpotProcess.run(["scenario", "check", out.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let first = try await PetSpotProcess.run(["scenario", "run", out.path])
        let second = try await PetSpotProcess.run(["scenario", "run", out.path])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("receiver  fix 52.2"))
    }

    /// A peer on the gpsd port reporting absurd values (accuracy beyond the scenario bound, an
    /// altitude of 1e16, a negative course) and a title with control characters: the file
    /// `record` writes replays.
    @Test func aRecordingOfAbsurdValuesAlwaysReplays() async throws {
        let (directory, environment) = try await Self.grantedFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let peer = try NMEAFeedServer()
        defer { peer.close() }
        let report =
            #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2019-06-08T13:20:00.000Z","lat":52.2297,"lon":21.0122,"altMSL":1e16,"epx":1e12,"epy":1e12,"epv":1e12,"track":-90.0,"speed":1e300}"#
        let feeder = peer.sendRepeatedly { _ in [report] }
        defer { feeder.cancel() }

        let out = directory.appendingPathComponent("absurd.yaml")
        let record = try await PetSpotProcess.run(
            [
                "record", "--gpsd", "127.0.0.1:\(peer.port)", "--duration", "1.5", "--title",
                "walk\u{1B}]0;x\u{07}\u{202E}", out.path,
            ],
            environment: environment, timeout: 30)
        #expect(record.status == 0, "\(record.stderr)")
        let run = try await PetSpotProcess.run(["scenario", "run", out.path])
        #expect(run.status == 0, "\(run.stderr)\n\((try? String(contentsOf: out, encoding: .utf8)) ?? "")")
        #expect(run.stdout.hasPrefix("Scenario absurd: walk\\x1B]0;x\\x07<U+202E>\n"))
        #expect(run.stdout.contains("receiver  fix 52.22970, 21.01220"))
        #expect(try await PetSpotProcess.run(["scenario", "check", out.path]).status == 0)
    }

    /// SIGTERM and SIGHUP (a `kill`, a closed terminal) end a recording like Ctrl-C does:
    /// what was recorded so far is saved.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalEndsTheRecordingAndSavesIt(signalNumber: Int32) async throws {
        let (directory, environment) = try await Self.grantedFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let feeder = feed.sendRepeatedly(
            NMEA.standing(latitude: 52.2297, longitude: 21.0122, from: start, secondsPerStep: 1.0 / 20))
        defer { feeder.cancel() }

        let out = directory.appendingPathComponent("signalled.yaml")
        // Foundation's Process, not ProcessRun: the test signals the recording while it runs.
        let process = Process()
        process.executableURL = PetSpotProcess.binary
        process.arguments = ["record", "--gpsd", "127.0.0.1:\(gpsd.port)", "--duration", "60", out.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let stderr = PausableReader(pipe.fileHandleForReading)
        // Signalled once a fix is in the recording, as `record` says on standard error.
        let heard = await eventually(hangGuard) { stderr.lines.contains { $0.contains("recording: first fix after ") } }
        try #require(heard, "no first-fix line within \(hangGuard) s: \(stderr.lines)")
        kill(process.processIdentifier, signalNumber)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let yaml = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        #expect(yaml.contains("fix: {latitude: 52.2297, longitude: 21.0122"), "\(yaml)")
        #expect(try await PetSpotProcess.run(["scenario", "check", out.path]).status == 0)
    }

    /// A temporary folder (remove it when done) and an environment whose config, in that
    /// folder, grants the location permission.
    static func grantedFolder() async throws -> (URL, [String: String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": directory.path, "PETSPOT_LOCATION_POLICY": ""]
        #expect(try await PetSpotProcess.run(["permission", "grant"], environment: environment).status == 0)
        return (directory, environment)
    }

    @Test func recordRejectsAbsurdDurations() async throws {
        #expect(try await PetSpotProcess.run(["record", "--duration", "0", "x.yaml"]).status == 64)
        #expect(try await PetSpotProcess.run(["record", "--duration", "100000", "x.yaml"]).status == 64)
    }
}
