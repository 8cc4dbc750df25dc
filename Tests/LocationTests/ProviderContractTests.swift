import Foundation
import GPSDTestSupport
import Location
import LocationTestSupport
import Testing

/// Every provider passes the same contract check (`ProviderContract`), and the check
/// catches a provider that breaks it.
@Suite(.timeLimit(.minutes(1)))
struct ProviderContractTests {
    @Test func aHandDrivenProviderConforms() async throws {
        let provider = ManualProvider(startEvents: [.connected, .noFix, .fix(try testFix(52, 21))])
        let violations = await ProviderContract.check(provider, clock: VirtualClock(), events: 3)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func theGPSDProviderConformsAgainstGPSFake() async throws {
        let log = (0..<5).flatMap(
            NMEA.standing(latitude: 52.2297, longitude: 21.0122, from: Date(timeIntervalSince1970: 1_560_000_000)))
        let fake = try GPSFake.start(log: log, cycle: 0.02)
        defer { fake.stop() }
        let violations = await ProviderContract.check(
            GPSDProvider(endpoint: GPSDEndpoint(host: "127.0.0.1", port: fake.port)), events: 8)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func theGPSDProviderConformsWithNothingListeningOnAVirtualClock() async throws {
        let port = try LoopbackSocket.freePort()
        let clock = VirtualClock()
        let violations = await ProviderContract.check(
            GPSDProvider(endpoint: GPSDEndpoint(host: "127.0.0.1", port: port)), clock: clock, events: 3,
            advance: { await clock.advance(by: .seconds(1)) })
        #expect(violations.isEmpty, "\(violations)")
    }

    /// Sends a fix before connecting, then returns on its own.
    struct BrokenProvider: LocationProvider {
        let fix: LocationFix
        var source: FixSource { fix.source }
        func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
            send(.fix(fix))
        }
    }

    @Test func theCheckCatchesABrokenProvider() async throws {
        let violations = await ProviderContract.check(
            BrokenProvider(fix: try testFix(52, 21)), clock: VirtualClock(), timeout: .seconds(1))
        #expect(violations.contains("returned before it was cancelled (its source ended)"))
        #expect(violations.contains { $0.hasPrefix("first event was ") })
        #expect(violations.contains("event 0: a fix while not connected"))
    }
}
