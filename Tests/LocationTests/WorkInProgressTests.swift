import Location
import LocationTestSupport
import Locking
import Testing

/// What the service tells a scenario about work it has been handed and not finished yet, so
/// that playback settles by counting instead of waiting for real-time quiet: requests whose
/// timeout has come, and a change of permission it has not reacted to.
@Suite struct WorkInProgressTests {
    @Test func aRequestWhoseTimeoutHasComeIsOverdueUntilItIsAnswered() async throws {
        let clock = ManualTimeClock()
        let service = LocationService(
            provider: ManualProvider(), authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: clock)
        let request = Task { await requestError(service, timeout: .seconds(10)) }
        #expect(await eventually { await service.pendingRequestCount == 1 })
        #expect(await service.overdueRequestCount == 0)
        clock.set(.seconds(9))
        #expect(await service.overdueRequestCount == 0)
        // This clock's timers never fire: the request waits past its timeout, as one does
        // between its timer firing and the service answering it.
        clock.set(.seconds(10))
        #expect(await service.overdueRequestCount == 1)
        #expect(await service.pendingRequestCount == 1)
        request.cancel()
        #expect(await request.value == .cancelled)
        #expect(await service.overdueRequestCount == 0)
    }

    @Test func aChangeOfPermissionIsPendingUntilTheServiceHasReactedToIt() async throws {
        let provider = ManualProvider()
        let authorizer = LateNewsAuthorizer(LocationAuthorization(.authorizedWhenInUse))
        let service = LocationService(provider: provider, authorizer: authorizer, clock: VirtualClock())
        let watch = Task {
            for await update in service.updates {
                if case .authorizationDenied = update { return true }
            }
            return false
        }
        await provider.waitUntilRunning()
        #expect(await service.isAuthorizationChangePending == false)
        // Changed, and the service not told yet: what it sees between a change and its reaction.
        authorizer.change(to: LocationAuthorization(.denied))
        #expect(await service.isAuthorizationChangePending)
        #expect(provider.isRunning)
        authorizer.tell()
        #expect(await eventually { await !service.isAuthorizationChangePending })
        #expect(await watch.value)
        #expect(await eventually { !provider.isRunning })
    }

    @Test func aChangeNobodyWatchesForIsNotPending() async {
        let authorizer = LateNewsAuthorizer(LocationAuthorization(.authorizedWhenInUse))
        let service = LocationService(provider: ManualProvider(), authorizer: authorizer, clock: VirtualClock())
        authorizer.change(to: LocationAuthorization(.denied))
        #expect(await service.isAuthorizationChangePending == false)
    }
}

/// A clock whose time the test sets and whose timers never fire (a sleep returns only when
/// its task is cancelled).
private final class ManualTimeClock: Clock, Sendable {
    typealias Instant = VirtualClock.Instant

    private let reading = Locked(Instant.zero)

    var now: Instant { reading.withLock { $0 } }
    var minimumResolution: Duration { .zero }

    func set(_ offset: Duration) {
        reading.withLock { $0 = Instant(offset: offset) }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await Task.sleep(for: .seconds(86_400))
    }
}

/// An authorizer whose decision changes first and is announced to its watchers later, when the
/// test says.
private final class LateNewsAuthorizer: LocationAuthorizer {
    private struct State {
        var authorization: LocationAuthorization
        var watchers: [AsyncStream<LocationAuthorization>.Continuation] = []
    }

    private let state: Locked<State>

    init(_ authorization: LocationAuthorization) {
        state = Locked(State(authorization: authorization))
    }

    var authorization: LocationAuthorization { state.withLock { $0.authorization } }

    func requestWhenInUseAuthorization() async -> LocationAuthorization { authorization }

    func authorizationChanges() -> AsyncStream<LocationAuthorization> {
        let (stream, continuation) = AsyncStream.makeStream(of: LocationAuthorization.self)
        state.withLock { $0.watchers.append(continuation) }
        return stream
    }

    /// Changes the decision without telling anyone.
    func change(to authorization: LocationAuthorization) {
        state.withLock { $0.authorization = authorization }
    }

    /// Tells every watcher the current decision.
    func tell() {
        let (authorization, watchers) = state.withLock { ($0.authorization, $0.watchers) }
        for watcher in watchers { watcher.yield(authorization) }
    }
}
