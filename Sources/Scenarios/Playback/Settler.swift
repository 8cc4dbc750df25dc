import Foundation
import Location

/// Lets every task the scenario started run until nothing is left to do, before virtual time
/// moves on — by counting, and by being told when the counts change, not by polling.
///
/// Work handed out in a scenario is counted at both ends, and a settle waits until the counts
/// meet:
/// - every event the ``ScenarioReceiver`` delivered has been handled by the service
///   (``ScenarioReceiver/deliveredCount`` against ``LocationService/handledEventCount``;
///   events delivered to a provider run that was stopped before taking them in are set aside
///   once no provider listens);
/// - a provider run the service started is listening, and one it stopped has left;
/// - the file's app (``ScenarioConsumer``) is blocked where only the scenario can wake it: a
///   `requestLocation` waiting in the service, a `watch` that took every update the service
///   queued for it (``LocationService/queuedUpdateCount``), a `wait` or a prompt whose time
///   has not come — or it is done;
/// - the service has reacted to every change of permission it watches
///   (``LocationService/isAuthorizationChangePending``) and answered every request whose
///   timeout has come (``LocationService/overdueRequestCount``);
/// - every timer known to be armed sleeps on the clock: a waiting request's timeout, the
///   app's `wait` or `watch` deadline, the person's answer (so the next instant is not
///   chosen before a timer is set);
/// - with `expecting:`, the service has taken in that fix.
///
/// While some of that work is in flight the settle suspends until the stage's
/// ``ScenarioActivity`` rings — every counted part rings it after a change — and reads the
/// counts again. Once they meet, nothing may ring for ``stableRounds`` rounds of
/// ``yieldsPerRound`` yields (jobs already queued run first). No step waits for real time, so
/// playback runs as fast as the work allows.
///
/// An app of your own (``ScenarioRunner/run(onEntry:app:)``) cannot be counted: with one, a
/// step settles only once the app is done or blocked where only the scenario can wake it (a
/// request waiting in the service, the permission prompt, a sleep on the virtual clock, a
/// watch) — until then its work counts as in flight — and nothing has rung for
/// ``quietPeriod`` of real time — longer on a loaded machine: at least eight times the slowest
/// round seen. Quiet alone is not enough: an app task that a loaded machine has not scheduled
/// yet is quiet too, and the timeline used to play to its end without it (`scenario check`'s
/// `default` step expectation failed under a CPU hog: the app was stopped before it asked).
struct Settler {
    /// How a step settles.
    enum Mode {
        /// A receiver event: by the counts.
        case counted
        /// The start, fired timers, a change of permission, the end: by the counts, with a
        /// wider margin (more yields per round and one more round).
        case quiet
    }

    let stage: ScenarioStage
    /// `false` when an app of the caller's runs in place of the file's consumer: its
    /// progress cannot be counted, so every step settles ``Mode/quiet``.
    let countsTheApp: Bool
    /// Rounds in a row with nothing in flight and nothing changed before a settle ends.
    var stableRounds = 3
    /// `Task.yield()` calls per round: lets the jobs queued behind this task run first.
    var yieldsPerRound = 4
    /// How long everything must stay the same, in real time, when the app is not counted.
    var quietPeriod: Duration = .milliseconds(4)
    /// The longest a settle waits, in real time, for an app of the caller's that keeps working
    /// (a wizard waiting for the person's typing is working, as far as the scenario can tell:
    /// the timeline goes on after this). The stage's activity rings at least once a second
    /// while a run plays, so a wait sees the limit pass.
    var limit: Duration = .seconds(5)
    /// The same for the file's own app, whose every piece of work is counted: only a guard
    /// against a hang, never reached by a run whose counts meet, however busy the machine (at
    /// 5 s, a CPU hog and many runs at once made steps give up waiting and fixes get lost).
    var countedLimit: Duration = .seconds(120)
    /// Whether the app of the caller's has returned (only asked when the app is not counted).
    var appIsDone: @Sendable () -> Bool = { false }
    /// Events delivered to a provider run that was stopped before taking them in.
    private var abandonedEvents = 0
    /// Updates queued for a `watch` that ended before taking them.
    private var abandonedUpdates = 0

    init(stage: ScenarioStage, countsTheApp: Bool) {
        self.stage = stage
        self.countsTheApp = countsTheApp
    }

    private struct Snapshot: Equatable {
        var sleepers: Int
        var entries: Int
        var delivered: Int
        var listeners: Int
        var consumer: ScenarioConsumer.Progress
        var waitingForAnswer: Bool
        var service: ServiceSnapshot
    }

    /// Waits until the scenario is settled; with `fixTime`, also until the service has taken
    /// in the fix with that receiver time.
    mutating func settle(_ mode: Mode = .counted, expecting fixTime: Date? = nil) async {
        let quiet = mode == .quiet || !countsTheApp
        let waitsForRealTimeQuiet = !countsTheApp
        let activity = stage.activity
        let real = ContinuousClock()
        let started = real.now
        var slowestRound = Duration.zero
        let yields = quiet ? 2 * yieldsPerRound : yieldsPerRound
        let roundsNeeded = quiet ? stableRounds + 1 : stableRounds
        let limit = countsTheApp ? countedLimit : self.limit
        while real.now - started < limit {
            // Work in flight: wait to be told that something changed, then count again.
            let seen = activity.rings
            if inFlight(await read(), expecting: fixTime) {
                await activity.wait(after: seen)
                continue
            }
            // The counts meet: nothing may ring while the jobs already queued get their turns.
            var confirmed = true
            for _ in 0..<roundsNeeded {
                let roundStart = real.now
                for _ in 0..<yields { await Task.yield() }
                slowestRound = max(slowestRound, real.now - roundStart)
                if activity.rings != seen {
                    confirmed = false
                    break
                }
            }
            if confirmed && waitsForRealTimeQuiet {
                // An app of the caller's is not counted: real time must pass with nothing rung.
                try? await Task.sleep(for: max(quietPeriod, slowestRound * 8))
                confirmed = activity.rings == seen
            }
            if confirmed { return }
        }
    }

    private mutating func read() async -> Snapshot {
        let snapshot = Snapshot(
            sleepers: stage.clock.sleeperCount, entries: stage.recorder.count,
            delivered: stage.receiver.deliveredCount, listeners: stage.receiver.listenerCount,
            consumer: stage.consumer.current, waitingForAnswer: stage.authorizer.isWaitingForAnswer,
            service: await ServiceSnapshot.read(stage.service))
        if !snapshot.service.running && snapshot.listeners == 0 {
            abandonedEvents = snapshot.delivered - snapshot.service.handled
        }
        let watching = if case .watching = snapshot.consumer.activity { true } else { false }
        if snapshot.service.subscribers == 0 && !watching {
            abandonedUpdates = snapshot.service.queuedUpdates - snapshot.consumer.updatesTaken
        }
        return snapshot
    }

    /// Whether some work handed out is known not to be finished.
    private func inFlight(_ snapshot: Snapshot, expecting fixTime: Date?) -> Bool {
        let service = snapshot.service
        if snapshot.delivered != service.handled + abandonedEvents { return true }
        if snapshot.listeners != (service.running ? 1 : 0) { return true }
        if fixTime != nil && snapshot.listeners > 0 && service.newestFixTime != fixTime { return true }
        if service.authorizationChangePending || service.overdueRequests > 0 { return true }
        let now = stage.clock.now
        if snapshot.sleepers < armedTimers(snapshot, now: now) { return true }
        guard countsTheApp else {
            // An app of the caller's: working, however quiet, until it is done or blocked
            // where only the scenario wakes it (its sleep on the clock is a sleeper more than
            // the timers the service and the prompt account for).
            if appIsDone() { return false }
            let blocked =
                service.requests > 0 || snapshot.waitingForAnswer || service.subscribers > 0
                || snapshot.sleepers > armedTimers(snapshot, now: now)
            return !blocked
        }
        switch snapshot.consumer.activity {
        case .busy:
            return true
        case .done:
            return service.requests > 0 || service.subscribers > 0
        case .requesting:
            return service.requests == 0 || service.subscribers > 0
        case .authorizing:
            return !snapshot.waitingForAnswer || service.requests > 0 || service.subscribers > 0
        case .sleeping(let deadline):
            return now >= deadline || service.requests > 0 || service.subscribers > 0
        case .watching(let deadline):
            if let deadline, now >= deadline { return true }
            return service.subscribers != 1 || service.requests > 0
                || service.queuedUpdates != snapshot.consumer.updatesTaken + abandonedUpdates
        }
    }
}

extension Settler {
    /// How many tasks are known to sleep on the clock, or to be about to: each waiting
    /// request's timeout that has not come, the app's `wait` or `watch` deadline, the person's
    /// answer. Fewer sleepers than this means a timer is being set.
    private func armedTimers(_ snapshot: Snapshot, now: VirtualClock.Instant) -> Int {
        var timers = snapshot.service.requests - snapshot.service.overdueRequests
        switch snapshot.consumer.activity {
        case .sleeping(let deadline) where deadline > now: timers += 1
        case .watching(let deadline?) where deadline > now: timers += 1
        default: break
        }
        if snapshot.waitingForAnswer { timers += 1 }
        return timers
    }
}

/// What the settler reads from the service, in one hop onto its actor.
struct ServiceSnapshot: Equatable {
    var handled: Int
    var queuedUpdates: Int
    var requests: Int
    var subscribers: Int
    var running: Bool
    var newestFixTime: Date?
    var overdueRequests: Int
    var authorizationChangePending: Bool

    static func read(_ service: isolated LocationService) -> ServiceSnapshot {
        ServiceSnapshot(
            handled: service.handledEventCount, queuedUpdates: service.queuedUpdateCount,
            requests: service.pendingRequestCount,
            subscribers: service.subscriberCount, running: service.isProviderRunning,
            newestFixTime: service.lastFix?.receiverTime, overdueRequests: service.overdueRequestCount,
            authorizationChangePending: service.isAuthorizationChangePending)
    }
}
