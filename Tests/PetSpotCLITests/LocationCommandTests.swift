import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// `petspot permission`, `locate` and `watch` through the built binary, against a real gpsd
/// (gpsfake) where a fix is needed.
@Suite("petspot locate, watch, permission", .serialized, .timeLimit(.minutes(5)))
struct LocationCommandTests {
    /// A fresh config directory, so that each test starts with no consent file.
    final class Home {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        var environment: [String: String] { ["XDG_CONFIG_HOME": url.path, "PETSPOT_LOCATION_POLICY": ""] }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static let logDate = Date(timeIntervalSince1970: 1_560_000_000)

    static func warsawLog(epochs: Int = 5) -> [String] {
        (0..<epochs).flatMap {
            NMEA.epoch(latitude: 52.2297, longitude: 21.0122, hdop: 0.2, time: logDate.addingTimeInterval(Double($0)))
        }
    }

    @Test func permissionStatusGrantDenyResetPersist() async throws {
        let home = try Home()
        let env = home.environment
        let status = try await PetSpotProcess.run(["permission", "status"], environment: env)
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("Location permission: notDetermined\n"))
        #expect(status.stdout.contains("\(home.url.path)/petspot/location-consent.json"))
        #expect(
            try await PetSpotProcess.run(["permission", "grant"], environment: env).stdout.hasPrefix(
                "Location permission: authorizedWhenInUse\n"))
        let json = try await PetSpotProcess.run(["permission", "--json"], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["status"] as? String == "authorizedWhenInUse")
        #expect(object?["accuracy"] as? String == "fullAccuracy")
        #expect(
            try await PetSpotProcess.run(["permission", "deny"], environment: env).stdout.hasPrefix(
                "Location permission: denied\n"))
        #expect(
            try await PetSpotProcess.run(["permission", "reset"], environment: env).stdout.hasPrefix(
                "Location permission: notDetermined\n"))
    }

    @Test func aRestrictionPolicyWinsOverAGrantAndLocateExitsTwo() async throws {
        let home = try Home()
        var env = home.environment
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: env)
        env["PETSPOT_LOCATION_POLICY"] = "restricted"
        let status = try await PetSpotProcess.run(["permission"], environment: env)
        #expect(status.stdout.contains("Location permission: restricted\nConsent file:"))
        #expect(status.stdout.contains("Restricted by: PETSPOT_LOCATION_POLICY=restricted"))
        let locate = try await PetSpotProcess.run(["locate", "--gpsd", "127.0.0.1:1", "--json"], environment: env)
        #expect(locate.status == 2)
        #expect(locate.stdout.hasPrefix("{\"error\":\"restricted\",\"message\":\"Location use is restricted"))
    }

    @Test func withoutATerminalLocateDoesNotAskAndSaysHowToGrant() async throws {
        let home = try Home()
        let locate = try await PetSpotProcess.run(
            ["locate", "--gpsd", "127.0.0.1:1"], environment: home.environment, timeout: 20)
        #expect(locate.status == 2)
        #expect(locate.stderr.contains("petspot permission grant"))
        let status = try await PetSpotProcess.run(["permission"], environment: home.environment)
        #expect(status.stdout.hasPrefix("Location permission: notDetermined"))
    }

    @Test func nothingListeningExitsFourWithLibgpsText() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let port = try LoopbackSocket.freePort()
        let locate = try await PetSpotProcess.run(
            ["locate", "--gpsd", "127.0.0.1:\(port)"], environment: home.environment, timeout: 20)
        #expect(locate.status == 4)
        #expect(
            locate.stderr
                == "petspot: Location provider unavailable at 127.0.0.1:\(port): can't connect to host/port pair. Is gpsd running there?\n"
        )
    }

    @Test(arguments: ["nowhere:", "host:70000", "::1"])
    func badGPSDAddressesAreUsageErrors(address: String) async throws {
        let locate = try await PetSpotProcess.run(["locate", "--gpsd", address])
        #expect(locate.status == 64)
        #expect(locate.stderr.contains("Invalid gpsd"))
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func locatePrintsTheFixFromGPSD() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let fake = try GPSFake.start(log: Self.warsawLog())
        defer { fake.stop() }
        let text = try await PetSpotProcess.run(
            ["locate", "--gpsd", "127.0.0.1:\(fake.port)"], environment: home.environment, timeout: 30)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("52.22970, 21.01220 ±"))
        #expect(text.stdout.hasSuffix(" m\n"))

        let json = try await PetSpotProcess.run(
            ["locate", "--json", "--gpsd", "127.0.0.1:\(fake.port)"], environment: home.environment, timeout: 30)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["latitude"] as? Double == 52.2297)
        #expect(object["longitude"] as? Double == 21.0122)
        #expect(object["formatted"] as? [String: String] == ["latitude": "52.22970", "longitude": "21.01220"])
        #expect(object["horizontalAccuracy"] is Double)
        #expect(object["altitude"] as? Double == 100)
        #expect(object["mode"] as? String == "3d")
        #expect(object["source"] as? String == "gpsd")
        #expect(
            Set(object.keys) == [
                "latitude", "longitude", "formatted", "horizontalAccuracy", "altitude", "time", "mode", "source",
            ])
        if let time = object["time"] as? String { #expect(time.hasPrefix("2019-06-08T")) }
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func locateWithANoFixLogExitsThreeAfterTheTimeout() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let noFix = (0..<5).flatMap {
            NMEA.epoch(latitude: nil, longitude: nil, time: Self.logDate.addingTimeInterval(Double($0)))
        }
        let fake = try GPSFake.start(log: noFix)
        defer { fake.stop() }
        let locate = try await PetSpotProcess.run(
            ["locate", "--timeout", "4", "--gpsd", "127.0.0.1:\(fake.port)"], environment: home.environment,
            timeout: 30)
        #expect(locate.status == 3)
        #expect(locate.stderr == "petspot: No fix within 4 s (connected, but no fix from the receiver).\n")
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func watchPrintsNDJSONFixesAndStates() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let fake = try GPSFake.start(log: Self.warsawLog())
        defer { fake.stop() }
        let watch = try await PetSpotProcess.run(
            ["watch", "--json", "--count", "3", "--gpsd", "127.0.0.1:\(fake.port)"], environment: home.environment,
            timeout: 30)
        #expect(watch.status == 0)
        let objects = try watch.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let fixes = objects.filter { $0["state"] == nil }
        #expect(fixes.count == 3)
        for fix in fixes { #expect((fix["formatted"] as? [String: String])?["latitude"] == "52.22970") }
        #expect(objects.contains { $0["state"] as? String == "waitingForFix" })
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func watchEndsCleanlyOnCtrlC() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let fake = try GPSFake.start(log: Self.warsawLog())
        defer { fake.stop() }
        let output = home.url.appendingPathComponent("watch.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        // Foundation's Process, not ProcessRun: the test interrupts watch while it runs.
        let process = Process()
        process.executableURL = PetSpotProcess.binary
        process.arguments = ["watch", "--gpsd", "127.0.0.1:\(fake.port)"]
        process.environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("21.01220") {
            usleep(20_000)
        }
        process.interrupt()
        let exitDeadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < exitDeadline { usleep(10_000) }
        #expect(!process.isRunning, "watch did not end within 5 s of SIGINT")
        if !process.isRunning {
            #expect(process.terminationStatus == 0)
            #expect(process.terminationReason == .exit)
        }
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("52.22970, 21.01220 ±"))
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func watchOnATerminalShowsALiveStatusLineAndClearsItAtTheEnd() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let fake = try GPSFake.start(log: Self.warsawLog())
        defer { fake.stop() }
        let session = try PseudoTerminalSession(
            ["watch", "--count", "2", "--gpsd", "127.0.0.1:\(fake.port)"], environment: home.environment)
        try session.expect("52.22970, 21.01220 ±", quiet: 30)
        #expect(try session.waitForExit() == 0)
        // Redrawn in place on stderr: carriage return, erase line, the status.
        #expect(session.rawOutput.contains("\r\u{1B}[K● 3D fix"), "\(session.rawOutput.debugDescription)")
        #expect(session.rawOutput.contains(" · ±"))
        // The fix lines are whole lines, and the status line is erased before the prompt returns.
        #expect(session.transcript.components(separatedBy: "52.22970, 21.01220 ±").count == 3)
        #expect(session.rawOutput.hasSuffix("\r\u{1B}[K"), "\(session.rawOutput.suffix(80).debugDescription)")
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func locateOnATerminalAsksForPermissionAndRemembersTheAnswer() async throws {
        let home = try Home()
        let fake = try GPSFake.start(log: Self.warsawLog())
        defer { fake.stop() }
        let session = try PseudoTerminalSession(
            ["locate", "--gpsd", "127.0.0.1:\(fake.port)"], environment: home.environment)
        try session.expect("Allow PetSpot to use your location while you use it? [y/N]")
        session.type("y")
        try session.expect("52.22970, 21.01220 ±", quiet: 30)
        #expect(try session.waitForExit() == 0)
        let status = try await PetSpotProcess.run(["permission", "status"], environment: home.environment)
        #expect(status.stdout.contains("authorizedWhenInUse"), "\(status.stdout)")

        // "No" (anything but y/yes) is a denial: exit 2, remembered too.
        let second = try Home()
        let denied = try PseudoTerminalSession(
            ["locate", "--gpsd", "127.0.0.1:\(fake.port)"], environment: second.environment)
        try denied.expect("[y/N]")
        denied.type("")
        #expect(try denied.waitForExit() == 2)
        let after = try await PetSpotProcess.run(["permission", "status"], environment: second.environment)
        #expect(after.stdout.contains("denied"), "\(after.stdout)")
    }
}
