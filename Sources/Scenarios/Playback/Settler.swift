import Foundation
import Location

/// Lets every task the scenario started run until nothing changes any more, before virtual
/// time moves on.
///
/// There is no way to ask Swift's executor whether any task is runnable, so this watches
/// everything observable (sleepers on the clock, transcript entries, the service's
/// requests, subscribers and provider, the receiver's listeners and deliveries, the newest
/// fix) and waits until it has stayed the same for several rounds *and* for
/// ``quietPeriod`` of real time: on a loaded machine a runnable thread can wait a few
/// milliseconds for a core. Known work in flight (a provider started but not yet
/// listening, a fix sent but not yet taken in by the service) also counts as not settled.
struct Settler {
    let clock: VirtualClock
    let service: LocationService
    let recorder: TranscriptRecorder
    let receiver: ScenarioReceiver
    /// How long everything must stay the same, in real time.
    var quietPeriod: Duration = .milliseconds(4)
    /// The longest a settle waits, in real time, when something keeps changing.
    var limit: Duration = .seconds(5)

    private struct Snapshot: Equatable {
        var sleepers: Int
        var entries: Int
        var requests: Int
        var subscribers: Int
        var running: Bool
        var listeners: Int
        var delivered: Int
        var newestFixTime: Date?
    }

    /// Waits until the scenario is quiet; with `fixTime`, also until the service has taken in
    /// the fix with that receiver time.
    func settle(expecting fixTime: Date? = nil) async {
        let real = ContinuousClock()
        let started = real.now
        var last: Snapshot?
        var changedAt = real.now
        var stableRounds = 0
        while real.now - started < limit {
            // Yielding lets queued jobs of equal or higher priority run; a short real sleep
            // also frees this thread for tasks of lower priority (the service's detached
            // provider task).
            for _ in 0..<8 { await Task.yield() }
            try? await Task.sleep(for: .microseconds(50))
            let snapshot = Snapshot(
                sleepers: clock.sleeperCount, entries: recorder.count, requests: await service.pendingRequestCount,
                subscribers: await service.subscriberCount, running: await service.isProviderRunning,
                listeners: receiver.listenerCount, delivered: receiver.deliveredCount,
                newestFixTime: await service.lastFix?.receiverTime)
            let inFlight =
                snapshot.running != (snapshot.listeners > 0)
                || (fixTime != nil && snapshot.listeners > 0 && snapshot.newestFixTime != fixTime)
            if snapshot == last && !inFlight {
                stableRounds += 1
                if stableRounds >= 4 && real.now - changedAt >= quietPeriod { return }
            } else {
                stableRounds = 0
                changedAt = real.now
                last = snapshot
            }
        }
    }
}
