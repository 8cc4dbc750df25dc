public import Location
import Locking

/// The implementation requirements of `LocationProvider`, as a check every provider must
/// pass: the gpsd provider (against gpsfake or nothing listening), a scenario provider, a
/// custom one. Like swift-log's shared `LogHandler` test.
///
/// ```swift
/// let violations = await ProviderContract.check(GPSDProvider(endpoint: endpoint))
/// #expect(violations.isEmpty, "\(violations)")
/// ```
///
/// What it checks, running the provider as `LocationService` does:
/// 1. It reports something promptly: the first event is `connected` or `disconnected`.
/// 2. Fixes and no-fix reports come only while connected (after `connected`, not after
///    `disconnected` until the next `connected`). Receiver times are not checked: a
///    replayed log that loops, or a receiver with a wrong clock, legitimately goes back.
/// 3. Cancelling its task makes `run` return within `cancellationLimit` of real time.
/// 4. It sends nothing after `run` returned.
public enum ProviderContract {
    /// Runs `provider` on `clock` until it has sent `events` events (or `timeout` of real
    /// time passed), calling `advance` between checks (to move a `VirtualClock`), cancels it,
    /// and returns every broken requirement as a sentence; empty when it conforms.
    public static func check(
        _ provider: any LocationProvider, clock: some Clock<Duration> = ContinuousClock(),
        events wanted: Int = 5, timeout: Duration = .seconds(10),
        cancellationLimit: Duration = .seconds(2), advance: @escaping @Sendable () async -> Void = {}
    ) async -> [String] {
        let log = EventLog()
        let locationClock = LocationClock(clock)
        let done = AsyncStream.makeStream(of: Void.self)
        let run = Task.detached { [log] in
            await provider.run(clock: locationClock) { event in log.append(event) }
            log.markReturned()
            done.continuation.yield()
            done.continuation.finish()
        }
        var violations: [String] = []
        let real = ContinuousClock()
        let deadline = real.now.advanced(by: timeout)
        while log.count < wanted && real.now < deadline && !log.hasReturned {
            await advance()
            try? await Task.sleep(for: .milliseconds(5))
        }
        if log.count == 0 { violations.append("sent no event within \(timeout)") }
        if log.hasReturned { violations.append("returned before it was cancelled (its source ended)") }
        run.cancel()
        let stopped = Task {
            for await _ in done.stream { return true }
            return true
        }
        let watchdog = Task {
            try? await Task.sleep(for: cancellationLimit)
            stopped.cancel()
        }
        _ = await stopped.value
        watchdog.cancel()
        if !log.hasReturned {
            violations.append("did not return within \(cancellationLimit) of being cancelled")
        } else {
            let countAtReturn = log.count
            try? await Task.sleep(for: .milliseconds(50))
            if log.count != countAtReturn { violations.append("sent events after run returned") }
        }
        violations += order(log.events)
        return violations
    }

    /// Requirement 1 and 2 over a recorded event sequence.
    static func order(_ events: [ProviderEvent]) -> [String] {
        var violations: [String] = []
        if let first = events.first {
            switch first {
            case .connected, .disconnected: break
            case .fix, .noFix: violations.append("first event was \(first), not connected or disconnected")
            }
        }
        var connected = false
        for (index, event) in events.enumerated() {
            switch event {
            case .connected: connected = true
            case .disconnected: connected = false
            case .noFix:
                if !connected { violations.append("event \(index): noFix while not connected") }
            case .fix:
                if !connected { violations.append("event \(index): a fix while not connected") }
            }
        }
        return violations
    }
}

/// Events a provider sent, from any thread.
private final class EventLog: Sendable {
    private struct State {
        var events: [ProviderEvent] = []
        var returned = false
    }
    private let state = Locked(State())

    func append(_ event: ProviderEvent) { state.withLock { $0.events.append(event) } }
    func markReturned() { state.withLock { $0.returned = true } }
    var count: Int { state.withLock { $0.events.count } }
    var events: [ProviderEvent] { state.withLock { $0.events } }
    var hasReturned: Bool { state.withLock { $0.returned } }
}
