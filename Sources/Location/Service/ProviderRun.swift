import Locking

/// One connection of the provider handed to ``LocationService/run()``: its
/// `run(clock:send:)` call as a child task of the host, and the way to stop it from outside
/// that task (a child task has no handle to cancel).
///
/// A run starts at most once: ``start()`` claims it, so the service can hand it to the host and,
/// if the host ended before taking it, run it itself. ``stop()`` ends it whether it has started
/// or not; a stopped run that never started never calls the provider.
///
/// ```swift
/// let run = ProviderRun { await provider.run(clock: clock, send: send); events.finish() }
/// host.yield(run)            // the host's child task calls `await run.start()`
/// run.stop()                 // cancels the provider's run(clock:send:)
/// ```
final class ProviderRun: Sendable {
    private enum Phase {
        case waiting
        case running(stopWaiter: CheckedContinuation<Void, Never>?)
        case stopped
    }

    private let body: @Sendable () async -> Void
    private let phase = Locked(Phase.waiting)

    /// A run that does `body` (the provider's run, then finishing the event queue).
    init(_ body: @escaping @Sendable () async -> Void) {
        self.body = body
    }

    /// Whether the run has left its first phase: ``start()`` was called (by the host or the
    /// service) or ``stop()`` was; either way nobody may start it any more.
    var isClaimed: Bool {
        phase.withLock { if case .waiting = $0 { false } else { true } }
    }

    /// Runs the body until it returns, ``stop()`` is called or the calling task is cancelled;
    /// returns at once when the run was stopped or started before.
    func start() async {
        let claimed = phase.withLock { phase -> Bool in
            guard case .waiting = phase else { return false }
            phase = .running(stopWaiter: nil)
            return true
        }
        guard claimed else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.body() }
            group.addTask { await self.untilStopped() }
            // The first to end (the body, or the stop) ends the other.
            await group.next()
            group.cancelAll()
        }
        phase.withLock { $0 = .stopped }
    }

    /// Ends the run: the body's task is cancelled, or, if it has not started, it never will.
    func stop() {
        let waiter = phase.withLock { phase -> CheckedContinuation<Void, Never>? in
            defer { phase = .stopped }
            if case .running(let waiter) = phase { return waiter }
            return nil
        }
        waiter?.resume()
    }

    /// Suspends until ``stop()`` is called or the task is cancelled.
    private func untilStopped() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = phase.withLock { phase -> Bool in
                    guard case .running(stopWaiter: .none) = phase else { return true }
                    phase = .running(stopWaiter: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            stop()
        }
    }
}
