import Foundation
import GPSDTestSupport
import Geodata
import LocationTestSupport
import Testing

@testable import Location

/// `HOST:PORT:DEVICE` against a real gpsd with two receivers (two NMEA feeds the test serves):
/// with a device chosen, only that receiver's fixes arrive; without one, both do. And a
/// receiver that says nothing is "nothing heard", not "no fix reported".
@Suite(.serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(5)))
struct GPSDDeviceTests {
    static let warsaw = (latitude: 52.2297, longitude: 21.0122)
    static let krakow = (latitude: 50.0647, longitude: 19.9450)
    static let logDate = Date(timeIntervalSince1970: 1_560_000_000)

    /// gpsd reading two feeds: Warsaw on the first, Kraków on the second, an epoch every 50 ms.
    final class TwoReceivers {
        let warsawFeed: NMEAFeedServer
        let krakowFeed: NMEAFeedServer
        let gpsd: GPSDDaemon
        private let feeders: [Task<Void, Never>]

        init() throws {
            warsawFeed = try NMEAFeedServer()
            krakowFeed = try NMEAFeedServer()
            gpsd = try GPSDDaemon.start(feeds: [warsawFeed, krakowFeed])
            // Different receiver times: reports with the same time count once in the provider.
            feeders = [(warsawFeed, GPSDDeviceTests.warsaw, 0.0), (krakowFeed, GPSDDeviceTests.krakow, 1000.0)].map {
                feed, place, offset in
                feed.sendRepeatedly { step in
                    NMEA.epoch(
                        latitude: place.latitude, longitude: place.longitude,
                        time: GPSDDeviceTests.logDate.addingTimeInterval(offset + Double(step)))
                }
            }
        }

        deinit {
            for feeder in feeders { feeder.cancel() }
            gpsd.kill()
            warsawFeed.close()
            krakowFeed.close()
        }
    }

    static func service(
        _ endpoint: GPSDEndpoint, clock: some Clock<Duration> = ContinuousClock(),
        multiplexer: GPSDMultiplexer = .shared
    ) -> LocationService {
        LocationService(
            provider: GPSDProvider(
                endpoint: endpoint, backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(200)),
                multiplexer: multiplexer),
            authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: clock)
    }

    static func latitudes(_ fixes: [LocationFix]) -> Set<String> {
        Set(fixes.map(\.coordinate.latitude.formatted))
    }

    @Test func aChosenDeviceGivesOnlyThatReceiversFixes() async throws {
        let receivers = try TwoReceivers()
        let device = GPSDDaemon.devicePath(of: receivers.krakowFeed)
        let endpoint = try GPSDEndpoint(parsing: "127.0.0.1:\(receivers.gpsd.port):\(device)")
        #expect(endpoint.device == device)
        let recorder = UpdateRecorder(Self.service(endpoint))
        defer { recorder.cancel() }
        try await recorder.waitFor(15, "20 fixes") { $0.compactMap(\.fix).count >= 20 }
        #expect(Self.latitudes(recorder.fixes) == ["50.06470"])
        #expect(recorder.fixes.allSatisfy { $0.source.name == "127.0.0.1:\(receivers.gpsd.port):\(device)" })
    }

    @Test func withoutADeviceBothReceiversFixesArrive() async throws {
        let receivers = try TwoReceivers()
        let recorder = UpdateRecorder(Self.service(GPSDEndpoint(host: "127.0.0.1", port: receivers.gpsd.port)))
        defer { recorder.cancel() }
        try await recorder.waitFor(15, "fixes from both receivers") {
            Self.latitudes($0.compactMap(\.fix)) == ["52.22970", "50.06470"]
        }
    }

    @Test func aReceiverThatSaysNothingIsNothingHeardNotNoFix() async throws {
        let silent = try NMEAFeedServer()
        defer { silent.close() }
        let gpsd = try GPSDDaemon.start(feed: silent)
        defer { gpsd.kill() }
        let clock = VirtualClock()
        // A multiplexer of its own, so that what it has read is this test's connection only.
        let multiplexer = GPSDMultiplexer(loop: LocationEventLoop(name: "petspot.test.silent"))
        let service = Self.service(
            GPSDEndpoint(host: "127.0.0.1", port: gpsd.port), clock: clock, multiplexer: multiplexer)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        let request = Task { await requestError(service, timeout: .seconds(30)) }
        try await recorder.waitFor(15, "gpsd connected") { $0.contains(.waitingForFix) }
        // gpsd greets a watcher with VERSION, DEVICES (the device it opened) and WATCH: lines
        // but no report, so the request must still have heard nothing once they are read.
        try await waitUntil(hangGuard, "gpsd's VERSION, DEVICES and WATCH read") { multiplexer.linesRead >= 3 }
        try await withDeadline(hangGuard, "the request's timer") { try await clock.waitForSleepers(atLeast: 1) }
        await clock.advance(by: .seconds(30))
        let error = try await withDeadline(hangGuard, "the timeout error") { await request.value }
        #expect(error == LocationError.noFix(waited: .seconds(30), lastSeen: nil))
        #expect(error?.heardNothing == true)
        #expect(error?.description == "No fix within 30 s (nothing heard from the receiver).")
    }
}
