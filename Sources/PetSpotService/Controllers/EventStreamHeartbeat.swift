import Locking
import ServiceLifecycle

/// The one heartbeat timer of every event-stream client (`GET /v1/location/updates`,
/// `GET /v1/reports/updates`), a `Service` of the application's group: every ``interval`` on
/// the injected clock it wakes each client that is registered (``beating(_:while:)``), and the
/// client's own loop, waiting on its mailbox, writes `: heartbeat`. No client has a timer or a
/// task for it. Hand-written, not swift-async-algorithms' `merge` with an `AsyncTimerSequence`
/// per client: that ran three tasks a client, 14.8 KiB and 7 points of CPU more at 1,000
/// clients (Docs/Performance.md, the fan-out).
///
/// The beats are the timer's, not the client's: a client's first heartbeat comes between zero
/// and one ``interval`` after it connected, and one every ``interval`` after that. A client
/// busy writing events hears a wake when it next waits for one (a wake not yet heard is one
/// flag, so a slow client never gets a pile of heartbeats).
///
/// ```swift
/// let heartbeat = EventStreamHeartbeat(interval: .seconds(15), clock: ContinuousClock())  // in the ServiceGroup
/// await heartbeat.beating({ ending.wake() }) { try? await stream() }   // one per client
/// ```
final class EventStreamHeartbeat: Service {
    /// The time between two beats.
    let interval: Duration
    private let clock: any Clock<Duration>
    private let clients = Locked<(next: UInt64, wakes: [UInt64: @Sendable () -> Void])>((0, [:]))

    /// A timer beating every `interval` (a positive duration; otherwise it never beats) on
    /// `clock` once it runs.
    init(interval: Duration, clock: any Clock<Duration>) {
        self.interval = interval
        self.clock = clock
    }

    /// Beats until the task is cancelled or the service group shuts down.
    func run() async {
        try? await cancelWhenGracefulShutdown { try await self.beat(on: self.clock) }
    }

    /// Runs `body` with `wake` called at every beat, and forgets `wake` when `body` returns.
    func beating<Value>(
        _ wake: @escaping @Sendable () -> Void, while body: () async throws -> Value
    ) async rethrows -> Value {
        let id = clients.withLock { state in
            defer { state.next += 1 }
            state.wakes[state.next] = wake
            return state.next
        }
        defer { _ = clients.withLock { $0.wakes.removeValue(forKey: id) } }
        return try await body()
    }

    /// How many clients hear the beats (for tests).
    var clientCount: Int { clients.withLock { $0.wakes.count } }

    /// Wakes every registered client (outside the lock: a wake resumes a waiting task).
    func wakeAll() {
        for wake in clients.withLock({ Array($0.wakes.values) }) { wake() }
    }

    private func beat<C: Clock<Duration>>(on clock: C) async throws {
        guard interval > .zero else {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(86_400 * 365)), tolerance: nil)
            return
        }
        var deadline = clock.now.advanced(by: interval)
        while true {
            try await clock.sleep(until: deadline, tolerance: nil)
            wakeAll()
            deadline = deadline.advanced(by: interval)
            // After a stall (a suspended process), beat once and go on from now: no burst.
            let now = clock.now
            if deadline < now { deadline = now.advanced(by: interval) }
        }
    }
}
