import Locking

/// What tells the ``Settler`` that something it counts has changed.
///
/// Every part of a scenario whose progress the settler reads rings it after a change: the
/// service after each action it performs, the virtual clock when a task goes to sleep or stops
/// sleeping, the receiver when it delivers or a provider attaches or leaves, the app when it
/// moves to its next action or takes an update, the transcript when it gets an entry. A settle
/// that finds work in flight suspends in ``wait(after:)`` until the next ring, instead of
/// polling; nothing is missed between reading ``rings`` and waiting, since a ring in between
/// makes the wait return at once.
///
/// ```swift
/// let seen = activity.rings
/// if inFlight(await read()) { await activity.wait(after: seen) }
/// ```
final class ScenarioActivity: Sendable {
    private struct State {
        var rings: UInt64 = 0
        /// The settle waiting for a ring (there is one settler per run).
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    /// How many changes were rung so far.
    var rings: UInt64 { state.withLock { $0.rings } }

    /// Notes a change, and wakes the settle waiting for one.
    func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.rings &+= 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once a change was rung after the first `seen` (at once when one already was).
    /// One task waits at a time: the run's settler.
    func wait(after seen: UInt64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let rungAlready = state.withLock { state -> Bool in
                if state.rings != seen { return true }
                state.waiter = continuation
                return false
            }
            if rungAlready { continuation.resume() }
        }
    }

    /// Rings every `interval` of real time until the task is cancelled: the safety net that
    /// lets a settle whose counts never meet (a bug) give up after its limit, as it would
    /// while polling.
    func ringPeriodically(every interval: Duration) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            ring()
        }
    }
}
