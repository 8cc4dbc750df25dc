public import Location
import Locking

/// A provider the test drives by hand: it sends `startEvents` each time the service starts
/// it, then ``emit(_:)`` forwards events to the running service. It counts how often it was
/// started and whether it runs, so tests can check that the service shares one connection,
/// releases it, and never starts it when it must not.
///
/// ```swift
/// let provider = ManualProvider()                       // sends .connected when started
/// let service = LocationService(provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
/// let request = Task { try await service.requestLocation() }
/// await provider.waitUntilRunning()
/// provider.emit(.fix(try testFix(52.2297, 21.0122)))
/// ```
public final class ManualProvider: LocationProvider {
    private struct State {
        var send: (@Sendable (ProviderEvent) -> Void)?
        var starts = 0
        var running = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var startEvents: [ProviderEvent]
    }

    private let state: Locked<State>
    public let source = FixSource(kind: "manual", name: "test")

    /// A provider that sends `startEvents` as soon as it runs.
    public init(startEvents: [ProviderEvent] = [.connected]) {
        state = Locked(State(startEvents: startEvents))
    }

    /// How many times the service started it.
    public var starts: Int { state.withLock { $0.starts } }
    /// Whether it runs now.
    public var isRunning: Bool { state.withLock { $0.running } }

    public func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
        let (events, waiters) = state.withLock { state in
            state.send = send
            state.starts += 1
            state.running = true
            defer { state.waiters = [] }
            return (state.startEvents, state.waiters)
        }
        for event in events { send(event) }
        for waiter in waiters { waiter.resume() }
        // Run until cancelled, like a real connection.
        let (stream, _) = AsyncStream.makeStream(of: Never.self)
        for await _ in stream {}
        state.withLock { state in
            state.send = nil
            state.running = false
        }
    }

    /// Suspends until the provider runs.
    public func waitUntilRunning() async {
        await withCheckedContinuation { continuation in
            let running = state.withLock { state in
                if state.running { return true }
                state.waiters.append(continuation)
                return false
            }
            if running { continuation.resume() }
        }
    }

    /// Sends `event` to the service if the provider runs; returns whether it did.
    @discardableResult
    public func emit(_ event: ProviderEvent) -> Bool {
        guard let send = state.withLock({ $0.send }) else { return false }
        send(event)
        return true
    }
}
