import Benchmark
import Foundation
import GPSDTestSupport
import Geodata
import Location
import Synchronization

/// gpsd → consumer, for `LocationService` (libgps on its reader thread, the actor, an
/// `updates` consumer) against `gpspipe -w` reading the same gpsd, in the same run.
///
/// A real gpsd reads an NMEA feed the benchmark serves (`gpsd -N -n -b`, tcp://). Each
/// latency iteration sends one epoch (GGA + RMC) with a latitude never used before and waits
/// until the consumer sees it: the time is gpsd's parsing plus the client's path. Each burst
/// iteration sends 1,000 epochs at once and waits for the last: the sustained rate. The
/// memory benchmarks stream 1,000 and 50,000 epochs past a consumer that never reads, to show
/// that the bounded buffers keep resident memory flat.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(15),
        maxIterations: 40
    )

    let time = Date(timeIntervalSince1970: 1_560_000_000)
    let counter = EpochCounter()
    let epoch: @Sendable (String) -> [String] = { latitude in
        NMEA.epoch(
            latitude: Double(latitude), longitude: 21.0122, time: time.addingTimeInterval(Double(counter.next())))
    }

    encodingBenchmarks()

    // Enough one-epoch samples for a meaningful p99.
    let latency = Benchmark.Configuration(maxDuration: .seconds(20), maxIterations: 1_000)

    Benchmark("latency: gpsd → LocationService.updates consumer", configuration: latency) { benchmark async throws in
        let rig = try GPSDRig()
        defer { rig.stop() }
        let service = rig.service()
        var updates = service.updates.makeAsyncIterator()
        try await rig.waitForFirstFix(&updates, epoch: epoch)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let latitude = counter.nextLatitude()
            rig.feed.send(epoch(latitude))
            while let update = await updates.next(), update.fix?.coordinate.latitude.formatted != latitude {}
        }
        benchmark.stopMeasurement()
    }

    Benchmark("latency: gpsd → gpspipe -w (baseline)", configuration: latency) { benchmark async throws in
        let rig = try GPSDRig()
        defer { rig.stop() }
        let pipe = try GPSPipeReader(port: rig.gpsd.port)
        defer { pipe.stop() }
        var latitudes = pipe.latitudes.makeAsyncIterator()
        try await rig.waitForFirstLine(&latitudes, epoch: epoch)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let latitude = counter.nextLatitude()
            rig.feed.send(epoch(latitude))
            while let seen = await latitudes.next(), seen != latitude {}
        }
        benchmark.stopMeasurement()
    }

    let burst = 1_000
    Benchmark("rate: 1,000-epoch burst → LocationService consumer", configuration: .init(maxIterations: 20)) {
        benchmark async throws in
        let rig = try GPSDRig()
        defer { rig.stop() }
        let service = rig.service()
        var updates = service.updates.makeAsyncIterator()
        try await rig.waitForFirstFix(&updates, epoch: epoch)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let latitudes = (0..<burst).map { _ in counter.nextLatitude() }
            rig.feed.send(latitudes.flatMap(epoch))
            let last = latitudes[burst - 1]
            while let update = await updates.next(), update.fix?.coordinate.latitude.formatted != last {}
        }
        benchmark.stopMeasurement()
    }

    Benchmark("rate: 1,000-epoch burst → gpspipe -w (baseline)", configuration: .init(maxIterations: 20)) {
        benchmark async throws in
        let rig = try GPSDRig()
        defer { rig.stop() }
        let pipe = try GPSPipeReader(port: rig.gpsd.port)
        defer { pipe.stop() }
        var seen = pipe.latitudes.makeAsyncIterator()
        try await rig.waitForFirstLine(&seen, epoch: epoch)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let latitudes = (0..<burst).map { _ in counter.nextLatitude() }
            rig.feed.send(latitudes.flatMap(epoch))
            let last = latitudes[burst - 1]
            while let latitude = await seen.next(), latitude != last {}
        }
        benchmark.stopMeasurement()
    }

    for total in [1_000, 50_000] {
        Benchmark(
            "memory: \(total) epochs past a consumer that never reads",
            configuration: .init(metrics: [.peakMemoryResident, .wallClock], warmupIterations: 0, maxIterations: 1)
        ) { benchmark async throws in
            let rig = try GPSDRig()
            defer { rig.stop() }
            let service = rig.service()
            // A stalled consumer: registered, never reading after its first fix.
            var stalled = service.updates.makeAsyncIterator()
            try await rig.waitForFirstFix(&stalled, epoch: epoch)
            // A live consumer that tells when the stream has passed.
            var live = service.updates.makeAsyncIterator()
            var last = ""
            for chunk in stride(from: 0, to: total, by: 1_000) {
                let latitudes = (chunk..<min(total, chunk + 1_000)).map { _ in counter.nextLatitude() }
                rig.feed.send(latitudes.flatMap(epoch))
                last = latitudes[latitudes.count - 1]
                while let update = await live.next(), update.fix?.coordinate.latitude.formatted != last {}
            }
            blackHole(last)
            blackHole(stalled)
        }
    }
}

/// Unique latitudes (five decimals) and epoch numbers across the whole run.
final class EpochCounter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.add(1, ordering: .relaxed).newValue }
    /// 10.00001°, 10.00002°, … (five decimals, so each is distinct after formatting).
    func nextLatitude() -> String { FiveDecimalFormat.string(10 + Double(next() % 7_000_000) * 0.00001) ?? "10.00000" }
}

/// A gpsd reading a feed the benchmark serves.
struct GPSDRig {
    let feed: NMEAFeedServer
    let gpsd: GPSDDaemon

    init() throws {
        feed = try NMEAFeedServer()
        gpsd = try GPSDDaemon.start(feed: feed)
    }

    func service() -> LocationService {
        LocationService(
            provider: GPSDProvider(endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port)),
            authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
    }

    /// Feeds warm-up epochs every 20 ms while `waitForConsumer` waits for the consumer's
    /// first item, and at least 20 in all (so gpsd has learned which sentence ends a cycle
    /// and reports each epoch as soon as its RMC arrives, not when the next one starts).
    func warmUp(epoch: @escaping @Sendable (String) -> [String], waitForConsumer: () async -> Void) async throws {
        let sent = Atomic<Int>(0)
        let sender = Task { [feed] in
            while !Task.isCancelled {
                feed.send(epoch("1.00000"))
                sent.add(1, ordering: .relaxed)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        await waitForConsumer()
        while sent.load(ordering: .relaxed) < 20 { try await Task.sleep(for: .milliseconds(5)) }
        sender.cancel()
        try await Task.sleep(for: .milliseconds(200))
    }

    func waitForFirstFix(
        _ updates: inout LocationUpdates.AsyncIterator, epoch: @escaping @Sendable (String) -> [String]
    ) async throws {
        var iterator = updates
        try await warmUp(epoch: epoch) {
            while let update = await iterator.next(), update.fix == nil {}
        }
        updates = iterator
    }

    func waitForFirstLine(
        _ latitudes: inout AsyncStream<String>.Iterator, epoch: @escaping @Sendable (String) -> [String]
    ) async throws {
        var iterator = latitudes
        try await warmUp(epoch: epoch) { _ = await iterator.next() }
        latitudes = iterator
    }

    func stop() {
        gpsd.kill()
        feed.close()
    }
}
