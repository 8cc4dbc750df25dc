import Geodata
import Location
import Locking

/// A provider the test drives by hand: ``emit(_:)`` forwards an event to the running service.
/// Counts how often it was started and whether it is running, so tests can check that the
/// service shares one connection and releases it.
final class ManualProvider: LocationProvider {
    private struct State {
        var send: (@Sendable (ProviderEvent) -> Void)?
        var starts = 0
        var running = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var startEvents: [ProviderEvent]
    }

    private let state: Locked<State>
    let source = FixSource(kind: "manual", name: "test")

    /// A provider that sends `startEvents` as soon as it runs.
    init(startEvents: [ProviderEvent] = [.connected]) {
        state = Locked(State(startEvents: startEvents))
    }

    var starts: Int { state.withLock { $0.starts } }
    var isRunning: Bool { state.withLock { $0.running } }

    func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
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
    func waitUntilRunning() async {
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
    func emit(_ event: ProviderEvent) -> Bool {
        guard let send = state.withLock({ $0.send }) else { return false }
        send(event)
        return true
    }
}

/// A fix at `latitude`, `longitude` with accuracy `accuracy`.
func testFix(_ latitude: Double, _ longitude: Double, accuracy: Double? = 5) throws -> LocationFix {
    LocationFix(
        coordinate: try Coordinate(latitude: latitude, longitude: longitude), mode: .twoDimensional,
        horizontalAccuracy: accuracy, source: FixSource(kind: "manual", name: "test"))
}

/// Polls `condition` (yielding) until it holds, at most `limit` times.
func eventually(_ limit: Int = 100_000, _ condition: () async -> Bool) async -> Bool {
    for _ in 0..<limit {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
