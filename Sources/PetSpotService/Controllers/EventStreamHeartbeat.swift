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
/// and one ``interval`` after it connected, and one every ``interval`` after that. The clients
/// are beaten in ``slots`` turns spread over the interval, each a slice of them: 10,000 idle
/// clients woken at once queued 10,000 writes on the event loops, and a request that came then
/// waited behind them all (POST p99 8 ms with 10,000 subscribers against 3 ms with none). A client
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

    /// The turns an interval is cut into; a client is beaten in the turn of its number.
    static let slots: UInt64 = 16

    /// Wakes the registered clients of one turn (outside the lock: a wake resumes a waiting task).
    func wake(slot: UInt64) {
        let wakes = clients.withLock { state in
            state.wakes.compactMap { $0.key % Self.slots == slot ? $0.value : nil }
        }
        for wake in wakes { wake() }
    }

    private func beat<C: Clock<Duration>>(on clock: C) async throws {
        guard interval > .zero else {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(86_400 * 365)), tolerance: nil)
            return
        }
        let turn = interval / Int(Self.slots)
        var deadline = clock.now.advanced(by: turn)
        var slot: UInt64 = 0
        while true {
            try await clock.sleep(until: deadline, tolerance: nil)
            wake(slot: slot)
            slot = (slot + 1) % Self.slots
            deadline =
                slot == 0 ? deadline.advanced(by: interval - turn * Int(Self.slots - 1)) : deadline.advanced(by: turn)
            // After a stall (a suspended process), at most one round of turns at once: no burst.
            let now = clock.now
            if deadline.duration(to: now) > interval { deadline = now }
        }
    }
}
