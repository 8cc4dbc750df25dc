import Foundation
import GPSDTestSupport
import Geodata
import LocationTestSupport
import Testing

@testable import Location

/// The gpsd provider against a real gpsd: gpsfake replaying logs the tests own, or gpsd
/// reading an NMEA feed the test serves. With `CI=true` these run (and fail) even when gpsd
/// is missing.
@Suite(.serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(5)))
struct GPSDProviderTests {
    static let warsaw = (latitude: 52.2297, longitude: 21.0122)
    /// A date in 2019: a replayed log (or a receiver with a week-rollover bug) is far from now.
    static let logDate = Date(timeIntervalSince1970: 1_560_000_000)

    static func service(port: Int, clock: some Clock<Duration> = ContinuousClock()) -> LocationService {
        LocationService(
            provider: GPSDProvider(
                endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
                backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(200))),
            authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: clock)
    }

    /// Epochs walking north from Warsaw, 0.001° apart.
    static func walk(_ count: Int, from start: Int = 0) -> [[String]] {
        (start..<start + count).map { step in
            NMEA.epoch(
                latitude: warsaw.latitude + Double(step) * 0.001, longitude: warsaw.longitude,
                time: logDate.addingTimeInterval(Double(step)))
        }
    }

    @Test func gpsfakeFixesArriveWithTheLogsCoordinates() async throws {
        let fake = try GPSFake.start(log: Self.walk(5).flatMap { $0 })
        defer { fake.stop() }
        let service = Self.service(port: fake.port)
        let fix = try await withDeadline(hangGuard, "a fix from gpsfake") {
            try await service.requestLocation(timeout: .seconds(hangGuard))
        }
        let expected = (0..<5).map {
            try? Coordinate(latitude: Self.warsaw.latitude + Double($0) * 0.001, longitude: Self.warsaw.longitude)
                .formatted
        }
        #expect(expected.contains(fix.coordinate.formatted))
        #expect(fix.mode == .threeDimensional)
        #expect(fix.altitude == 100)
        #expect(fix.horizontalAccuracy != nil)
        #expect(fix.source == FixSource(kind: "gpsd", name: "127.0.0.1:\(fake.port)"))
        // The receiver's 2019 time is reported as-is; freshness is by arrival, so it is a fix.
        if let time = fix.receiverTime {
            #expect(abs(time.timeIntervalSince(Self.logDate)) < 10)
        }
    }

    @Test func gpsfakeUpdatesFollowTheLogInOrder() async throws {
        let fake = try GPSFake.start(log: Self.walk(5).flatMap { $0 }, cycle: 0.02)
        defer { fake.stop() }
        let service = Self.service(port: fake.port)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        try await recorder.waitFor(15, "8 fixes") { $0.compactMap(\.fix).count >= 8 }
        let latitudes = recorder.fixes.map(\.coordinate.latitude.formatted)
        let walk = (0..<5).map { FiveDecimalFormat.string(Self.warsaw.latitude + Double($0) * 0.001) }
        #expect(Set(latitudes).isSubset(of: Set(walk)))
        #expect(Set(latitudes).count >= 3)
        // Each step of the walk moves north by one, or wraps when the log starts again.
        for (previous, next) in zip(latitudes, latitudes.dropFirst()) {
            guard let from = walk.firstIndex(of: previous), let to = walk.firstIndex(of: next) else { continue }
            #expect(to == from + 1 || to == from || to == 0, "\(previous) → \(next)")
        }
    }

    @Test func aNoFixLogGivesNoFixAndTheTimeoutError() async throws {
        let noFix = (0..<5).map {
            NMEA.epoch(latitude: nil, longitude: nil, time: Self.logDate.addingTimeInterval(Double($0)))
        }
        let fake = try GPSFake.start(log: noFix.flatMap { $0 }, cycle: 0.02)
        defer { fake.stop() }
        let clock = VirtualClock()
        let service = Self.service(port: fake.port, clock: clock)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        let request = Task { await requestError(service, timeout: .seconds(30)) }
        try await recorder.waitFor(15, "gpsd connected") { $0.contains(.waitingForFix) }
        // Let gpsd play the no-fix log until its reports arrive (gpsd takes about a second to
        // activate gpsfake's device), then end the timeout: the receiver reported, so the
        // error says no fix, not nothing heard.
        try await waitUntil(hangGuard, "no-fix reports") { await service.handledEventCount >= 5 }
        try await withDeadline(hangGuard, "the request's timer") { try await clock.waitForSleepers(atLeast: 1) }
        await clock.advance(by: .seconds(30))
        let error = try await withDeadline(hangGuard, "the timeout error") { await request.value }
        #expect(error == LocationError.noFix(waited: .seconds(30), lastSeen: .waitingForFix))
        #expect(recorder.fixes.isEmpty)
    }

    @Test func nothingListeningIsProviderUnavailableWithLibgpsText() async throws {
        let port = try LoopbackSocket.freePort()
        let service = Self.service(port: port)
        let error = try await withDeadline(hangGuard, "the request to fail") {
            await requestError(service, timeout: .seconds(30))
        }
        guard case .providerUnavailable(let endpoint, let reason)? = error else {
            Issue.record("expected providerUnavailable, got \(String(describing: error))")
            return
        }
        #expect(endpoint == "127.0.0.1:\(port)")
        #expect(reason == GPSDConnectionError.cannotConnect.description)
        try await waitUntil(hangGuard, "the provider to stop") { await !service.isProviderRunning }
    }

    @Test func killingGPSDMidStreamIsProviderUnavailableAndARestartResumes() async throws {
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let feeder = feed.sendRepeatedly(
            NMEA.standing(latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude, from: Self.logDate))
        defer { feeder.cancel() }
        let service = Self.service(port: gpsd.port)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        try await recorder.waitFor(10, "a first fix") { $0.contains { $0.fix != nil } }

        gpsd.kill()
        try await recorder.waitFor(10, "providerUnavailable") { $0.contains { $0.stateName == "providerUnavailable" } }
        let unavailableAt = recorder.updates.count
        guard
            case .providerUnavailable(let endpoint, let reason)? = recorder.updates.first(where: {
                $0.stateName == "providerUnavailable"
            })
        else {
            Issue.record("no providerUnavailable update")
            return
        }
        #expect(endpoint == "127.0.0.1:\(gpsd.port)")
        #expect(reason == "connection to gpsd lost")

        try gpsd.restart()
        try await recorder.waitFor(15, "a fix after the restart") {
            $0.dropFirst(unavailableAt).contains { $0.fix != nil }
        }
        let after = recorder.updates.dropFirst(unavailableAt - 1).map(\.stateName)
        #expect(after.first == "providerUnavailable")
        #expect(after.contains("waitingForFix"))
        #expect(after.last == "fix")
    }

    @Test func manyConsumersShareOneConnectionAndSeeTheSameFixes() async throws {
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let service = Self.service(port: gpsd.port)
        let recorders = (0..<4).map { _ in UpdateRecorder(service) }
        defer { for recorder in recorders { recorder.cancel() } }
        for recorder in recorders {
            try await recorder.waitFor(10, "gpsd connected") { $0.contains(.waitingForFix) }
        }
        #expect(GPSDProvider.openConnectionCount(to: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port)) == 1)
        let walk = Self.walk(6)
        // "Connected" means the watch command was sent, not that gpsd has read it: repeat the
        // first epoch (same receiver time, so one fix) until every consumer has it.
        let first = FiveDecimalFormat.string(Self.warsaw.latitude)
        let repeater = feed.sendRepeatedly { _ in walk[0] }
        for recorder in recorders {
            try await recorder.waitFor(10, "the first fix") {
                $0.contains { $0.fix?.coordinate.latitude.formatted == first }
            }
        }
        repeater.cancel()
        await repeater.value
        for epoch in walk.dropFirst() {
            feed.send(epoch)
            try await Task.sleep(for: .milliseconds(20))
        }
        let last = FiveDecimalFormat.string(Self.warsaw.latitude + 0.005)
        for recorder in recorders {
            try await recorder.waitFor(10, "the last fix") {
                $0.contains { $0.fix?.coordinate.latitude.formatted == last }
            }
        }
        let sequences = recorders.map { recorder in
            recorder.fixes.map(\.coordinate.latitude.formatted).reduce(into: [String]()) { result, latitude in
                if result.last != latitude { result.append(latitude) }
            }
        }
        #expect(sequences[0] == (0..<6).map { FiveDecimalFormat.string(Self.warsaw.latitude + Double($0) * 0.001) })
        for sequence in sequences.dropFirst() { #expect(sequence == sequences[0]) }
        #expect(GPSDProvider.openConnectionCount(to: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port)) == 1)
    }

    @Test func cancellingTheLastConsumerReleasesTheConnection() async throws {
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let service = Self.service(port: gpsd.port)
        let request = Task { await requestError(service, timeout: .seconds(60)) }
        try await waitUntil(hangGuard, "the connection to open") {
            GPSDProvider.openConnectionCount(to: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port)) == 1
        }
        request.cancel()
        let error = try await withDeadline(hangGuard, "the request to end") { await request.value }
        #expect(error == LocationError.cancelled)
        try await waitUntil(hangGuard, "the connection to close") {
            GPSDProvider.openConnectionCount(to: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port)) == 0
        }
        #expect(await !service.isProviderRunning)
    }
}
