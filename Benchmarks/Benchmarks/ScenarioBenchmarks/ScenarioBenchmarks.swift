import Benchmark
import Foundation
import Geodata
import Location
import Scenarios
import Synchronization

/// Scenario playback, against the simulated time it stands for:
/// - "provider path": fixes played by a `ScenarioReceiver` into a `LocationService` on a
///   `VirtualClock`, until a live `updates` consumer has seen the last one. One iteration is
///   one fix; at one fix per simulated second, fixes/s is also simulated seconds per second.
/// - "whole runner": a bundled scenario played by `ScenarioRunner` (transcript, expectations,
///   settling between steps for determinism); one iteration is one whole run.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(5))

    let fixes: [LocationFix] = (0..<1024).compactMap { index in
        guard let coordinate = try? Coordinate(latitude: 52.2297 + Double(index) * 1e-5, longitude: 21.0122) else {
            return nil
        }
        return LocationFix(
            coordinate: coordinate, mode: .threeDimensional, altitude: 110, horizontalAccuracy: 5,
            source: FixSource(kind: "scenario", name: "benchmark"), isSimulated: true)
    }

    Benchmark("scenario: provider path, fixes into LocationService to a consumer") { benchmark in
        let receiver = ScenarioReceiver(name: "benchmark")
        let service = LocationService(
            provider: ScenarioProvider(receiver: receiver), authorizer: InMemoryAuthorizer(.authorizedWhenInUse),
            clock: VirtualClock())
        let seen = Atomic<Int>(0)
        let consumer = Task {
            for await update in service.updates {
                if let fix = update.fix { seen.store(Int(fix.altitude ?? 0), ordering: .releasing) }
            }
        }
        while receiver.listenerCount == 0 { await Task.yield() }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            receiver.play(.fix(fixes[index & 1023]))
        }
        // A marker fix (altitude −1 is dropped, so use a distinct altitude) ends the stream.
        if let coordinate = try? Coordinate(latitude: 0, longitude: 0) {
            receiver.play(
                .fix(
                    LocationFix(
                        coordinate: coordinate, mode: .threeDimensional, altitude: 999_999,
                        source: FixSource(kind: "scenario", name: "benchmark"), isSimulated: true)))
        }
        while seen.load(ordering: .acquiring) != 999_999 { await Task.yield() }
        benchmark.stopMeasurement()
        consumer.cancel()
    }

    let walking = try? ScenarioLibrary.load("walking-warsaw")
    Benchmark(
        "scenario: whole runner, walking-warsaw (instant)",
        configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .one, maxDuration: .seconds(5))
    ) { benchmark in
        guard let walking else { return }
        for _ in benchmark.scaledIterations {
            blackHole(await ScenarioRunner(scenario: walking).run())
        }
    }
}
