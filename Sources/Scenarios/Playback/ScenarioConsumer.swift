import Location
import Locking

/// The scenario's app: performs the consumer actions against the service and records what
/// it asked and what it received.
final class ScenarioConsumer: Sendable {
    struct Result: Sendable {
        var requests: [ScenarioRun.RequestResult] = []
        var fixes: [LocationFix] = []
        var updates: [LocationUpdate] = []
    }

    private let service: LocationService
    private let clock: VirtualClock
    private let recorder: TranscriptRecorder
    private let state = Locked(Result())
    private let progress = Locked(Progress())
    /// Told after each change of ``current`` (a scenario's ``ScenarioActivity``).
    private let changed: (@Sendable () -> Void)?

    init(
        service: LocationService, clock: VirtualClock, recorder: TranscriptRecorder,
        changed: (@Sendable () -> Void)? = nil
    ) {
        self.service = service
        self.clock = clock
        self.recorder = recorder
        self.changed = changed
    }

    /// Changes ``current``, and says so.
    private func advance(_ change: (inout Progress) -> Void) {
        progress.withLock { change(&$0) }
        changed?()
    }

    var result: Result { state.withLock { $0 } }

    /// Where the consumer is in its actions, for the ``Settler``.
    var current: Progress { progress.withLock { $0 } }

    /// Performs `actions` in order; returns early when cancelled.
    func perform(_ actions: [ConsumerAction]) async {
        defer { advance { $0.activity = .done } }
        for action in actions {
            if Task.isCancelled { return }
            if case .requestAuthorization = action {
                _ = await requestAuthorization()
                continue
            }
            await recorder.record(.app, action.description)
            switch action {
            case .requestAuthorization:
                break
            case .requestLocation(let request):
                await requestLocation(request)
            case .watch(let count, let duration):
                await watch(count: count, duration: duration?.duration)
            case .wait(let duration):
                let deadline = clock.now.advanced(by: duration.duration)
                advance { $0.activity = .sleeping(until: deadline) }
                try? await clock.sleep(until: deadline)
                advance { $0.activity = .busy }
            }
        }
    }

    /// Requests a location, recording the call and its result in the transcript and the run.
    @discardableResult
    func requestLocation(_ request: ConsumerAction.LocationRequest) async -> Swift.Result<LocationFix, LocationError> {
        advance { $0.activity = .requesting }
        defer { advance { $0.activity = .busy } }
        do {
            let fix = try await service.requestLocation(
                timeout: request.timeout.duration, desiredAccuracy: request.accuracy,
                maximumAge: request.maximumAge?.duration ?? .seconds(5))
            state.withLock {
                $0.fixes.append(fix)
                $0.requests.append(.init(outcome: .fix, fix: fix, error: nil, time: clock.now.offset))
            }
            await recorder.record(.app, "← fix \(Self.describe(fix))", fix: fix, status: "fix")
            return .success(fix)
        } catch {
            state.withLock {
                $0.requests.append(.init(outcome: .init(error), fix: nil, error: error, time: clock.now.offset))
            }
            await recorder.record(
                .app, "← \(ScenarioExpectation.RequestOutcome(error)): \(error.description)",
                status: ScenarioExpectation.RequestOutcome(error).rawValue)
            return .failure(error)
        }
    }

    /// Asks for permission, recording the call and the answer.
    func requestAuthorization() async -> AuthorizationStatus {
        await recorder.record(.app, ConsumerAction.requestAuthorization.description)
        advance { $0.activity = .authorizing }
        defer { advance { $0.activity = .busy } }
        let status = await service.requestWhenInUseAuthorization()
        await recorder.record(.app, "← authorization \(status)", status: status.rawValue)
        return status
    }

    private func watch(count: Int?, duration: Duration?) async {
        let service = self.service
        let clock = self.clock
        let deadline = duration.map { clock.now.advanced(by: $0) }
        advance { $0.activity = .watching(until: deadline) }
        defer { advance { $0.activity = .busy } }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var received = 0
                for await update in service.updates {
                    defer { self.advance { $0.updatesTaken += 1 } }
                    self.state.withLock { $0.updates.append(update) }
                    if let fix = update.fix {
                        received += 1
                        self.state.withLock { $0.fixes.append(fix) }
                        await self.recorder.record(.app, "← update: fix \(Self.describe(fix))", fix: fix, status: "fix")
                    } else {
                        await self.recorder.record(.app, "← update: \(update.description)", status: update.stateName)
                    }
                    if let count, received >= count {
                        // Busy from here until the next action: ending the watch takes a while,
                        // and a settle must not take the watch's last update for its end.
                        self.advance { $0.activity = .busy }
                        return
                    }
                }
            }
            if let deadline {
                group.addTask {
                    try? await clock.sleep(until: deadline)
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// `"52.22970, 21.01220 ±5 m, 3d, simulated"`.
    static func describe(_ fix: LocationFix) -> String {
        "\(fix)" + ", \(fix.mode)" + (fix.isSimulated ? ", simulated" : "")
    }
}

extension ScenarioConsumer {
    /// What the consumer is doing: a ``Settler`` knows from it whether the app can still make
    /// progress at this instant.
    struct Progress: Sendable, Equatable {
        /// The action in progress.
        enum Activity: Sendable, Equatable {
            /// Running (between two waits, or not yet started).
            case busy
            /// In `requestLocation`, waiting for the service's answer.
            case requesting
            /// In `requestWhenInUseAuthorization`, waiting for the person's answer.
            case authorizing
            /// In a `wait`, until the clock reaches the instant.
            case sleeping(until: VirtualClock.Instant)
            /// In a `watch`, taking updates (until the instant, when it has a duration).
            case watching(until: VirtualClock.Instant?)
            /// Every action performed (or cancelled).
            case done
        }

        var activity = Activity.busy
        /// Updates the `watch` actions took from the service, in all.
        var updatesTaken = 0
    }
}
