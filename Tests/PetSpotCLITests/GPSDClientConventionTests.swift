import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// The conventions of gpsd's own clients: `HOST:PORT:DEVICE` watches one receiver of a gpsd
/// that has two; `watch --seconds N` like `gpspipe -x`; `locate` says what it waits for.
@Suite("petspot and gpsd clients' conventions", .serialized, .timeLimit(.minutes(5)))
struct GPSDClientConventionTests {
    typealias Home = LocationCommandTests.Home

    /// One gpsd, two receivers: Warsaw on the first feed, Kraków on the second.
    final class TwoReceivers {
        let warsaw: NMEAFeedServer
        let krakow: NMEAFeedServer
        let gpsd: GPSDDaemon
        private let feeders: [Task<Void, Never>]

        init() throws {
            warsaw = try NMEAFeedServer()
            krakow = try NMEAFeedServer()
            gpsd = try GPSDDaemon.start(feeds: [warsaw, krakow])
            let start = LocationCommandTests.logDate
            // Different receiver times: gpsd's reports with the same time count once (the provider
            // drops gpsd's duplicate reports of one epoch), and two receivers on GPS time would
            // collide — one more reason to watch one device.
            feeders = [(warsaw, 52.2297, 21.0122, 0.0), (krakow, 50.0647, 19.9450, 1000.0)].map {
                feed, latitude, longitude, offset in
                feed.sendRepeatedly { step in
                    NMEA.epoch(
                        latitude: latitude, longitude: longitude, time: start.addingTimeInterval(offset + Double(step)))
                }
            }
        }

        deinit {
            for feeder in feeders { feeder.cancel() }
            gpsd.kill()
            warsaw.close()
            krakow.close()
        }
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func watchWithHostPortDeviceGetsOnlyThatReceiversFixes() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let receivers = try TwoReceivers()
        let device = GPSDDaemon.devicePath(of: receivers.krakow)
        let run = try await PetSpotProcess.run(
            ["watch", "--gpsd", "127.0.0.1:\(receivers.gpsd.port):\(device)", "--count", "20"],
            environment: home.environment, timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        let fixes = run.stdout.split(separator: "\n")
        #expect(fixes.count == 20)
        #expect(fixes.allSatisfy { $0.hasPrefix("50.06470, 19.94500") }, "\(run.stdout)")
        // Without the device both receivers' fixes arrive: the filter is what keeps them apart.
        let both = try await PetSpotProcess.run(
            ["watch", "--gpsd", "127.0.0.1:\(receivers.gpsd.port)", "--count", "40"], environment: home.environment,
            timeout: 30)
        #expect(both.stdout.contains("52.22970, 21.01220") && both.stdout.contains("50.06470, 19.94500"))
    }

    @Test func aDeviceAfterAnEmptyPortOrAnEmptyDeviceAreReadAsGpsdClientsDo() async throws {
        let bad = try await PetSpotProcess.run(["locate", "--gpsd", "localhost:2947:"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Invalid gpsd device in \"localhost:2947:\""), "\(bad.stderr)")
        let help = try await PetSpotProcess.run(["watch", "--help"])
        #expect(help.stdout.contains("HOST:PORT:DEVICE"))
        #expect(help.stdout.contains("--seconds"))
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func watchSecondsEndsTheWatchLikeGpspipeX() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let receivers = try TwoReceivers()
        let device = GPSDDaemon.devicePath(of: receivers.warsaw)
        let started = Date()
        let run = try await PetSpotProcess.run(
            ["watch", "--gpsd", "127.0.0.1:\(receivers.gpsd.port):\(device)", "--seconds", "2", "--json"],
            environment: home.environment, timeout: 30)
        let took = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(took >= 2 && took < 10, "took \(took) s")
        #expect(run.stdout.split(separator: "\n").filter { $0.contains("\"latitude\"") }.count >= 5)
    }

    @Test func watchSecondsOnAScenarioIsPlayedOnItsVirtualClock() async throws {
        let run = try await PetSpotProcess.run(["watch", "--scenario", "walking-warsaw", "--seconds", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let all = try await PetSpotProcess.run(["watch", "--scenario", "walking-warsaw"])
        let few = run.stdout.split(separator: "\n").count
        #expect(few > 0 && few < all.stdout.split(separator: "\n").count, "\(few) fixes in 3 s of the walk")
        let refused = try await PetSpotProcess.run(["watch", "--seconds", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--seconds must be a number of seconds above 0"))
    }

    /// `locate` on a terminal shows what it waits for while it waits, then clears the line.
    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func locateShowsAWaitingLineOnATerminal() async throws {
        let home = try Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let silent = try NMEAFeedServer()
        defer { silent.close() }
        let gpsd = try GPSDDaemon.start(feed: silent)
        defer { gpsd.kill() }
        let session = try PseudoTerminalSession(
            ["locate", "--gpsd", "127.0.0.1:\(gpsd.port)", "--timeout", "3"], environment: home.environment)
        try session.expect("Waiting for a fix from gpsd at 127.0.0.1:\(gpsd.port) · ")
        try session.expect("· ○ no fix · 2 s of 3 s")
        try session.expect("No fix within 3 s (nothing heard from the receiver).")
        #expect(try session.waitForExit() == 3)
        #expect(session.rawOutput.contains("\r\u{1B}[K"), "the line is redrawn in place and cleared")
    }
}
