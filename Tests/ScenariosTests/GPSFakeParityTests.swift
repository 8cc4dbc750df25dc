import Foundation
import GPSDTestSupport
import Geodata
import Location
import LocationTestSupport
import Scenarios
import Testing

/// Parity with the real path: a scenario's timeline exported as NMEA, replayed by gpsfake
/// into a real gpsd and read by the gpsd provider, gives the same 5-decimal coordinates as
/// the scenario provider. With `CI=true` these run (and fail) even when gpsd is missing.
@Suite(.serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(5)))
struct GPSFakeParityTests {
    @Test(arguments: ["default", "walking-warsaw", "poles", "antimeridian", "accuracy-improving"])
    func gpsdProviderDeliversTheScenarioProvidersCoordinates(name: String) async throws {
        var scenario = try ScenarioLibrary.load(name)
        // What the scenario provider delivers: every fix, to an app that watches from the start.
        scenario.authorization = LocationAuthorization(.authorizedWhenInUse)
        scenario.timeline.removeAll { if case .authorizationChanged = $0.event { true } else { false } }
        scenario.consumer = [.watch(count: scenario.fixes.count, duration: nil)]
        let viaScenario = await ScenarioRunner(scenario: scenario).run().fixes.map(\.coordinate.formatted)
        #expect(viaScenario.count == scenario.fixes.count)

        // What gpsd delivers from the exported log.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("\(name).nmea")
        try Data(NMEAWriter.log(for: scenario).utf8).write(to: log)
        let fake = try GPSFake.start(logFile: log, cycle: 0.02)
        defer { fake.stop() }
        let service = LocationService(
            provider: GPSDProvider(
                endpoint: GPSDEndpoint(host: "127.0.0.1", port: fake.port),
                backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(200))),
            authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
        let wanted = Set(viaScenario)
        let viaGPSD = await collect(from: service, until: wanted, seconds: hangGuard)

        // gpsfake loops over the log, and gpsd may join mid-log: every coordinate it gave is
        // one of the scenario's, and every one of the scenario's came through.
        #expect(Set(viaGPSD) == wanted, "gpsd: \(viaGPSD)\nscenario: \(viaScenario)")
        #expect(viaGPSD.allSatisfy(wanted.contains))
    }

    /// The 5-decimal coordinates of the fixes `service` delivers, until all of `wanted` were
    /// seen or `seconds` of real time passed.
    private func collect(from service: LocationService, until wanted: Set<String>, seconds: Double) async -> [String] {
        await withTaskGroup(of: [String]?.self) { group in
            group.addTask {
                var seen: [String] = []
                for await update in service.updates {
                    guard let fix = update.fix else { continue }
                    seen.append(fix.coordinate.formatted)
                    if wanted.isSubset(of: Set(seen)) { break }
                }
                return seen
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let first { return first }
            return await group.next().flatMap { $0 } ?? []
        }
    }
}
