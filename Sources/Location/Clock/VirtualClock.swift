import Locking

/// A clock that moves only when told to: deterministic time for tests and scenario playback.
///
/// Tasks that sleep on a `VirtualClock` stay asleep until ``advance(by:)`` or
/// ``advance(to:)`` moves the clock past their deadline, so a test of a 30-second timeout
/// takes no real time:
///
/// ```swift
/// let clock = VirtualClock()
/// let service = LocationService(provider: provider, authorizer: authorizer, clock: clock)
/// async let fix = service.requestLocation(timeout: .seconds(30))
/// try await clock.waitForSleepers(atLeast: 1)    // the request's timer is armed
/// await clock.advance(by: .seconds(30))          // …and fires, in no real time
/// ```
///
/// Guarantees:
/// - **Deadline order.** ``advance(to:)`` steps from deadline to deadline: at each step the
///   clock reads exactly that deadline, the sleepers due then resume (those with equal
///   deadlines in the order they went to sleep), and the clock yields so that they can run
///   and go back to sleep before the next step. A sleeper never resumes before its deadline.
/// - **Cancellation.** Cancelling a sleeping task resumes it at once with `CancellationError`,
///   without advancing the clock; sleeping in a task that is already cancelled throws at once.
/// - **Handshakes, not guesses.** ``waitForSleepers(atLeast:)`` suspends until that many
///   tasks are asleep, so a test can advance exactly when the code under test is waiting.
///
/// It is a `Sendable` class: share one instance between the code under test and the test.
/// Like swift-async-algorithms' `ManualClock` and swift-clocks' `TestClock`.
public final class VirtualClock: Clock, Sendable {
    /// A reading of a ``VirtualClock``: the virtual time elapsed since its start.
    public struct Instant: OffsetInstant, Sendable, Hashable, Comparable {
        /// Virtual time since the clock's zero.
        public var offset: Duration

        /// The instant `offset` after zero.
        public init(offset: Duration) { self.offset = offset }

        /// Zero: where a new clock starts unless told otherwise.
        public static let zero = Instant(offset: .zero)
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        var count: Int
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var sleepers: [Sleeper] = []
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0

        mutating func makeID() -> UInt64 {
            nextID += 1
            return nextID
        }

        /// Waiters whose count is now reached, removed from the list.
        mutating func satisfiedWaiters() -> [Waiter] {
            let ready = waiters.filter { sleepers.count >= $0.count }
            waiters.removeAll { sleepers.count >= $0.count }
            return ready
        }
    }

    private let state: Locked<State>

    /// How many times ``advance(to:)`` yields after resuming sleepers, so that the resumed
    /// tasks run (and sleep again) before the next deadline is processed.
    public let yieldsPerStep: Int
    private let sleepersChanged: (@Sendable () -> Void)?

    /// A clock reading `now` (zero by default).
    ///
    /// - Parameter yieldsPerStep: how many `Task.yield()` calls follow each step of an advance.
    public convenience init(now: Instant = .zero, yieldsPerStep: Int = 20) {
        self.init(now: now, yieldsPerStep: yieldsPerStep, sleepersChanged: nil)
    }

    /// A clock that also calls `sleepersChanged` after a task goes to sleep on it or stops
    /// sleeping because it was cancelled (a scenario's settler is told so instead of polling).
    package init(now: Instant = .zero, yieldsPerStep: Int = 20, sleepersChanged: (@Sendable () -> Void)?) {
        state = Locked(State(now: now))
        self.yieldsPerStep = max(1, yieldsPerStep)
        self.sleepersChanged = sleepersChanged
    }

    /// The current virtual time.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: virtual time has no granularity.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline of a sleeping task, if any.
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Suspends until the clock reaches `deadline`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before then.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, cancelled, waiters) = state.withLock {
                    state -> (Bool, Bool, [Waiter]) in
                    if Task.isCancelled { return (true, true, []) }
                    if deadline <= state.now { return (true, false, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, false, state.satisfiedWaiters())
                }
                if resumeNow {
                    if cancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                } else {
                    sleepersChanged?()
                }
                for waiter in waiters { waiter.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
            if sleeper != nil { sleepersChanged?() }
        }
    }

    /// Suspends until at least `count` tasks are asleep on this clock.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    public func waitForSleepers(atLeast count: Int = 1) async throws {
        let id = state.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if state.sleepers.count >= count { return true }
                    state.waiters.append(Waiter(count: count, id: id, continuation: continuation))
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration`, resuming every sleeper due on the way.
    ///
    /// - Returns: how many sleepers it resumed.
    @discardableResult
    public func advance(by duration: Duration) async -> Int {
        await advance(to: now.advanced(by: max(duration, .zero)))
    }

    /// Moves the clock to `target` (never backwards), resuming due sleepers in deadline order.
    ///
    /// - Returns: how many sleepers it resumed (none: nothing ran, so nothing needs to settle).
    @discardableResult
    public func advance(to target: Instant) async -> Int {
        var resumed = 0
        while let due = takeNextDue(notAfter: target) {
            for sleeper in due { sleeper.continuation.resume() }
            resumed += due.count
            for _ in 0..<yieldsPerStep { await Task.yield() }
        }
        state.withLock { $0.now = max($0.now, target) }
        return resumed
    }

    /// Sets the clock to the earliest deadline not after `target` and removes the sleepers
    /// due then (in registration order); nil when none is due.
    private func takeNextDue(notAfter target: Instant) -> [Sleeper]? {
        state.withLock { state -> [Sleeper]? in
            guard let earliest = state.sleepers.map(\.deadline).min(), earliest <= target else { return nil }
            state.now = max(state.now, earliest)
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
    }
}
