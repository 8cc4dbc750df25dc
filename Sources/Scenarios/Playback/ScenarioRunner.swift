import Foundation
import Location
import Locking

/// How fast a scenario plays.
public enum ScenarioPace: Sendable, Hashable {
    /// As fast as possible: virtual time costs no real time (tests, `scenario check`).
    case instant
    /// At `speed` times wall-clock pace (`1` = real time, `--realtime`; `10` = `--speed 10`).
    case realtime(speed: Double)
}

/// Plays a ``Scenario`` through a real ``LocationService`` on a ``VirtualClock``: a
/// ``ScenarioProvider`` fed by the timeline, a ``ScenarioAuthorizer`` scripted by the file,
/// and a consumer doing the file's actions. Returns the transcript and the checked
/// expectations.
///
/// ```swift
/// let run = await ScenarioRunner(scenario: try ScenarioLibrary.load("default")).run()
/// print(run.text)          // the transcript
/// run.passed               // every expectation held
/// ```
///
/// ## Determinism
/// Time moves only when everything is idle, from one instant to the next: the earliest
/// timeline event or sleeping timer (a request's timeout, the person's answer, a `wait`).
/// At each instant the due timers fire first and their effects settle, then the timeline's
/// events at that instant are played in file order, each settling before the next. So the
/// same scenario gives byte-identical transcripts, and a 30 s timeout costs no real time. With
/// ``ScenarioPace/realtime(speed:)`` the same steps are spaced out in wall-clock time.
public struct ScenarioRunner: Sendable {
    /// The scenario to play.
    public let scenario: Scenario
    /// How fast.
    public let pace: ScenarioPace
    /// Checks `step:` expectations, when the report-step layer provides one.
    public let stepEvaluator: StepExpectationEvaluator?

    /// A runner for `scenario` at `pace`.
    public init(scenario: Scenario, pace: ScenarioPace = .instant, stepEvaluator: StepExpectationEvaluator? = nil) {
        self.scenario = scenario
        self.pace = pace
        self.stepEvaluator = stepEvaluator
    }

    /// Plays the scenario to the end of the consumer's actions.
    ///
    /// - Parameters:
    ///   - onEntry: called with each transcript entry as it is written (to print a live
    ///     transcript with ``ScenarioPace/realtime(speed:)``).
    ///   - app: your own app in place of the file's `consumer:` actions — for example a
    ///     report step's state machine calling the service. It gets the service, the
    ///     virtual clock (sleep on it, never on a real clock) and a way to add transcript
    ///     lines; the scenario ends when it returns.
    ///
    /// ```swift
    /// let run = await ScenarioRunner(scenario: scenario).run(app: { app in
    ///     await app.requestAuthorization()
    ///     let fix = try? await app.requestLocation().get()
    ///     await app.note("latitude field: \(fix?.coordinate.latitude.formatted ?? "")")
    /// })
    /// ```
    public func run(
        onEntry: (@Sendable (TranscriptEntry) -> Void)? = nil, app: (@Sendable (ScenarioApp) async -> Void)? = nil
    ) async -> ScenarioRun {
        await drive(onEntry: onEntry, app: app)
    }

    private func drive(
        onEntry: (@Sendable (TranscriptEntry) -> Void)?, app: (@Sendable (ScenarioApp) async -> Void)?
    ) async -> ScenarioRun {
        let clock = VirtualClock()
        let receiver = ScenarioReceiver(name: scenario.name)
        let serviceBox = Locked<LocationService?>(nil)
        let recorder = TranscriptRecorder(
            now: { clock.now.offset },
            authorization: {
                guard let service = serviceBox.withLock({ $0 }) else { return "" }
                return LocationAuthorization(service.authorizationStatus, accuracy: service.accuracyAuthorization)
                    .description
            },
            providerRunning: {
                guard let service = serviceBox.withLock({ $0 }) else { return false }
                return await service.isProviderRunning
            },
            onEntry: onEntry)
        let authorizer = ScenarioAuthorizer(
            initial: scenario.authorization.locationAuthorization, prompt: scenario.prompt, clock: clock,
            onEvent: { event in
                switch event {
                case .promptShown:
                    await recorder.record(.prompt, "shown: Allow “PetSpot” to use your location?")
                case .answered(let answer, let authorization):
                    await recorder.record(.person, "\(answer) → \(authorization)")
                }
            })
        let service = LocationService(
            provider: ScenarioProvider(receiver: receiver), authorizer: authorizer, clock: clock)
        serviceBox.withLock { $0 = service }
        let consumer = ScenarioConsumer(service: service, clock: clock, recorder: recorder)
        let done = Locked(false)

        await recorder.record(
            .scenario, "start: \(scenario.authorization)" + (scenario.prompt.map { ", prompt answer: \($0)" } ?? ""))
        let actions = scenario.consumer
        let context = ScenarioApp(service: service, clock: clock, recorder: recorder, consumer: consumer)
        let consumerTask = Task {
            if let app {
                await app(context)
            } else {
                await consumer.perform(actions)
            }
            done.withLock { $0 = true }
        }
        let settler = Settler(clock: clock, service: service, recorder: recorder, receiver: receiver)
        await settler.settle()
        var index = 0
        let timeline = scenario.timeline
        let limit = Duration.seconds(Int64(ScenarioLimits.maximumDurationSeconds))
        var consumerFinished = true
        while !done.withLock({ $0 }) {
            let nextEvent = index < timeline.count ? timeline[index].time : nil
            let nextTimer = clock.nextDeadline?.offset
            guard let next = [nextEvent, nextTimer].compactMap({ $0 }).min(), next <= limit else {
                consumerFinished = false
                break
            }
            if case .realtime(let speed) = pace, speed > 0 {
                let wait = (next - clock.now.offset) / speed
                if wait > .zero { try? await Task.sleep(for: wait) }
            }
            await clock.advance(to: VirtualClock.Instant(offset: next))
            await settler.settle()
            while index < timeline.count, timeline[index].time <= next {
                let fixTime = await play(
                    timeline[index], receiver: receiver, authorizer: authorizer, recorder: recorder)
                index += 1
                await settler.settle(expecting: fixTime)
            }
        }
        if !consumerFinished {
            await recorder.record(.scenario, "nothing more can happen; the app was still waiting, stopped")
            consumerTask.cancel()
            await settler.settle()
        }
        await consumerTask.value
        let duration = clock.now.offset
        await recorder.record(.scenario, "end")
        let result = consumer.result
        var run = ScenarioRun(
            scenario: scenario, transcript: recorder.all, requests: result.requests, fixes: result.fixes,
            updates: result.updates,
            promptCount: authorizer.promptCount, finalAuthorization: authorizer.authorization, duration: duration,
            consumerFinished: consumerFinished, checks: [])
        run.checks = run.checked(stepEvaluator: stepEvaluator)
        return run
    }

    /// Plays one timeline event into the receiver or the authorizer, and records it.
    ///
    /// - Returns: the receiver time of the fix it delivered to a listening provider, if any.
    private func play(
        _ timed: ScenarioTimedEvent, receiver: ScenarioReceiver, authorizer: ScenarioAuthorizer,
        recorder: TranscriptRecorder
    ) async -> Date? {
        let receiverTime = scenario.start.addingTimeInterval(Double(timed.time.milliseconds) / 1000)
        let listening = receiver.listenerCount > 0 ? "" : " (nobody listening)"
        switch timed.event {
        case .fix(let fix):
            let located = fix.locationFix(source: receiver.source, receiverTime: receiverTime)
            var delivered = false
            await recorder.record(.receiver, timed.event.description + listening, fix: located) {
                delivered = receiver.play(.fix(located))
            }
            return delivered ? receiverTime : nil
        case .noFix:
            await recorder.record(.receiver, "no fix" + listening) { receiver.play(.noFix) }
        case .receiverLost:
            await recorder.record(.receiver, "lost") {
                receiver.play(.disconnected(endpoint: receiver.source.description, reason: "receiver lost"))
            }
        case .receiverBack:
            await recorder.record(.receiver, "back") { receiver.play(.connected) }
        case .authorizationChanged(let authorization):
            let changed = authorization.locationAuthorization
            await recorder.record(.person, "changes it in settings → \(changed)") { authorizer.set(changed) }
        }
        return nil
    }
}
