import Geodata
import Location
import LocationTestSupport
import Testing

/// The service's contract over a provider the test drives, on a ``VirtualClock``.
@Suite struct LocationServiceTests {
    @Test func requestReturnsTheFirstFixAndReleasesTheProvider() async throws {
        let provider = ManualProvider()
        let clock = VirtualClock()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: clock)
        let request = Task { try await service.requestLocation(timeout: .seconds(30)) }
        await provider.waitUntilRunning()
        await clock.advance(by: .seconds(2))
        provider.emit(.fix(try testFix(52.2297, 21.0122, accuracy: 4)))
        let fix = try await request.value
        #expect(fix.description == "52.22970, 21.01220 ±4 m")
        #expect(fix.arrivalTime == LocationClock.Instant(offset: .seconds(2)))
        #expect(await eventually { !provider.isRunning })
        #expect(provider.starts == 1)
    }

    @Test func requestWaitsForTheDesiredAccuracyThenGivesTheBestAtTimeout() async throws {
        let provider = ManualProvider()
        let clock = VirtualClock()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedAlways), clock: clock)
        let request = Task { try await service.requestLocation(timeout: .seconds(10), desiredAccuracy: 10) }
        await provider.waitUntilRunning()
        provider.emit(.fix(try testFix(52.0, 21.0, accuracy: 80)))
        provider.emit(.fix(try testFix(52.1, 21.1, accuracy: 40)))
        provider.emit(.fix(try testFix(52.2, 21.2, accuracy: 60)))
        #expect(await eventually { await service.lastFix?.horizontalAccuracy == 60 })
        try await clock.waitForSleepers(atLeast: 1)
        await clock.advance(by: .seconds(10))
        let fix = try await request.value
        #expect(fix.coordinate.formatted == "52.10000, 21.10000")
    }

    @Test func noFixBeforeTheTimeoutSaysHowLongAndWhatItSaw() async throws {
        let provider = ManualProvider(startEvents: [.connected, .noFix])
        let clock = VirtualClock()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: clock)
        let request = Task { await requestError(service, timeout: .seconds(30)) }
        await provider.waitUntilRunning()
        try await clock.waitForSleepers(atLeast: 1)
        #expect(await eventually { await service.isProviderRunning })
        // The receiver's report without a position must be taken in before the timeout: a
        // connection alone is "nothing heard" (aConnectionWithoutAnyReportIsNothingHeard).
        #expect(await eventually { await service.handledEventCount >= 2 })
        await clock.advance(by: .seconds(29))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        let error = await request.value
        #expect(error == LocationError.noFix(waited: .seconds(30), lastSeen: .waitingForFix))
        #expect(error?.description == "No fix within 30 s (connected, but no fix from the receiver).")
    }

    /// A connection with no report from the receiver (a silent receiver, a socket that never
    /// speaks) is "nothing heard", which the report steps show as "took too long".
    @Test func aConnectionWithoutAnyReportIsNothingHeard() async throws {
        let provider = ManualProvider(startEvents: [.connected])
        let clock = VirtualClock()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: clock)
        let request = Task { await requestError(service, timeout: .seconds(30)) }
        await provider.waitUntilRunning()
        try await clock.waitForSleepers(atLeast: 1)
        #expect(await eventually { await service.currentState == .waitingForFix })
        await clock.advance(by: .seconds(30))
        let error = await request.value
        #expect(error == LocationError.noFix(waited: .seconds(30), lastSeen: nil))
        #expect(error?.heardNothing == true)
        #expect(error?.description == "No fix within 30 s (nothing heard from the receiver).")
        #expect(LocationError.noFix(waited: .seconds(30), lastSeen: .waitingForFix).heardNothing == false)
    }

    @Test(arguments: [AuthorizationStatus.denied, .restricted, .notDetermined])
    func notAllowedFailsAtOnceWithoutStartingTheProvider(status: AuthorizationStatus) async throws {
        let provider = ManualProvider()
        let service = LocationService(provider: provider, authorizer: InMemoryAuthorizer(status), clock: VirtualClock())
        #expect(await requestError(service, timeout: .seconds(5)) == LocationError(status: status))
        #expect(provider.starts == 0)
    }

    @Test func requestWhenInUseAsksOnlyWhileNotDetermined() async {
        let authorizer = InMemoryAuthorizer(.notDetermined, answer: LocationAuthorization(.authorizedWhenInUse))
        let service = LocationService(provider: ManualProvider(), authorizer: authorizer, clock: VirtualClock())
        #expect(service.authorizationStatus == .notDetermined)
        #expect(await service.requestWhenInUseAuthorization() == .authorizedWhenInUse)
        authorizer.set(.denied)
        #expect(await service.requestWhenInUseAuthorization() == .denied)
        #expect(authorizer.requestCount == 1)
    }

    @Test func cancellingARequestThrowsCancelledAndStopsTheProvider() async throws {
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: VirtualClock())
        let request = Task { await requestError(service, timeout: .seconds(30)) }
        await provider.waitUntilRunning()
        request.cancel()
        #expect(await request.value == LocationError.cancelled)
        #expect(await eventually { !provider.isRunning })
    }

    @Test func consumersShareOneConnectionAndSeeTheSameFixes() async throws {
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: VirtualClock())
        let consumers = (0..<3).map { _ in
            Task {
                await service.updates.compactMap(\.fix).prefix(3).map(\.coordinate.formatted).reduce(into: [String]()) {
                    $0.append($1)
                }
            }
        }
        #expect(await eventually { await service.subscriberCount == 3 })
        await provider.waitUntilRunning()
        for index in 1...3 { provider.emit(.fix(try testFix(50 + Double(index), 20))) }
        let expected = ["51.00000, 20.00000", "52.00000, 20.00000", "53.00000, 20.00000"]
        for consumer in consumers { #expect(await consumer.value == expected) }
        #expect(provider.starts == 1)
        #expect(await eventually { !provider.isRunning })
    }

    @Test func revokingPermissionMidStreamTellsConsumersAndStopsTheProvider() async throws {
        let provider = ManualProvider()
        let authorizer = InMemoryAuthorizer(.authorizedWhenInUse)
        let service = LocationService(provider: provider, authorizer: authorizer, clock: VirtualClock())
        let consumer = Task { await service.updates.prefix(3).reduce(into: [LocationUpdate]()) { $0.append($1) } }
        await provider.waitUntilRunning()
        provider.emit(.fix(try testFix(52.2297, 21.0122)))
        #expect(await eventually { await service.lastFix != nil })
        authorizer.set(.denied)
        let updates = await consumer.value
        #expect(updates.map(\.stateName) == ["waitingForFix", "fix", "authorizationDenied"])
        #expect(updates.last == .authorizationDenied(.denied))
        #expect(await eventually { !provider.isRunning })
    }

    @Test func gpsdStyleLossAndRecoveryBecomeStateUpdates() async throws {
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: VirtualClock())
        let consumer = Task {
            await service.updates.prefix(6).map(\.stateName).reduce(into: [String]()) { $0.append($1) }
        }
        await provider.waitUntilRunning()
        provider.emit(.fix(try testFix(52, 21)))
        provider.emit(.noFix)
        provider.emit(.noFix)
        provider.emit(.disconnected(endpoint: "localhost:2947", reason: "connection lost"))
        provider.emit(.connected)
        provider.emit(.fix(try testFix(52, 21)))
        #expect(
            await consumer.value == ["waitingForFix", "fix", "fixLost", "providerUnavailable", "waitingForFix", "fix"])
    }

    @Test func aSlowConsumerKeepsOnlyTheNewestUpdatesAndNeverBlocksOthers() async throws {
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: VirtualClock(),
            updateBufferSize: 4)
        var slow = service.updates.makeAsyncIterator()
        // The first next() registers the slow consumer; it then reads nothing while fixes flow.
        #expect(await slow.next() == .waitingForFix)
        await provider.waitUntilRunning()
        let fast = Task {
            await service.updates.compactMap(\.fix).prefix(1000).reduce(0) { count, _ in count + 1 }
        }
        try await waitUntil(hangGuard, "the fast consumer") { await service.subscriberCount == 2 }
        for index in 0..<1000 {
            provider.emit(.fix(try testFix(10 + Double(index) * 0.00001, 20)))
            if index % 50 == 0 { await Task.yield() }
        }
        // The fast consumer got fixes while the slow one read nothing (it may miss some when
        // it falls behind, newest wins); the slow one holds at most 4, ending with the newest.
        try await waitUntil(hangGuard, "the last fix") {
            await service.lastFix?.coordinate.latitude.degrees == 10 + 999 * 0.00001
        }
        fast.cancel()
        #expect(await fast.value > 0)
        var buffered: [LocationFix] = []
        for _ in 0..<4 {
            guard let update = await slow.next(), let fix = update.fix else { break }
            buffered.append(fix)
        }
        #expect(buffered.count == 4)
        #expect(buffered.last?.coordinate.latitude.formatted == "10.00999")
    }

}

/// The error a request ends with, or `nil` when it gave a fix.
func requestError(_ service: LocationService, timeout: Duration) async -> LocationError? {
    do {
        _ = try await service.requestLocation(timeout: timeout)
        return nil
    } catch {
        return error
    }
}
