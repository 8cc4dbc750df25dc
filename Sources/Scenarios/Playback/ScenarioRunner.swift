import Foundation
import Location
import Locking

/// How fast a scenario plays.
public enum ScenarioPace: Sendable, Hashable {
    /// As fast as possible: virtual time costs no real time (tests, `scenario check`).
    case instant
    /// At `speed` times wall-clock pace (`1` = real time, `--realtime`; `10` = `--speed 10`).
    /// A speed outside ``speeds`` is played at the nearest bound.
    case realtime(speed: Double)

    /// The speeds `--speed` accepts: from 1/1000 (a day of virtual time in 1,000 days) to
    /// 100,000 times wall-clock pace.
    public static let speeds: ClosedRange<Double> = 0.001...100_000
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

    /// The phases of a run: build the stage, start the app, play the timeline, finish. The
    /// stage's activity rings once a second meanwhile (the settler's safety net), in a child
    /// task that ends with the run.
    private func drive(
        onEntry: (@Sendable (TranscriptEntry) -> Void)?, app: (@Sendable (ScenarioApp) async -> Void)?
    ) async -> ScenarioRun {
        let stage = ScenarioStage(scenario: scenario, onEntry: onEntry)
        return await withTaskGroup(of: Void.self) { group in
            group.addTask { await stage.activity.ringPeriodically(every: .seconds(1)) }
            defer { group.cancelAll() }
            return await play(on: stage, app: app)
        }
    }

    private func play(on stage: ScenarioStage, app: (@Sendable (ScenarioApp) async -> Void)?) async -> ScenarioRun {
        await stage.recorder.record(
            .scenario, "start: \(scenario.authorization)" + (scenario.prompt.map { ", prompt answer: \($0)" } ?? ""))
        let done = Locked(false)
        let appTask = startApp(app, on: stage, done: done)
        var settler = stage.settler(countsTheApp: app == nil)
        settler.appIsDone = { done.withLock { $0 } }
        await settler.settle(.quiet)
        // The file's consumer is done the moment it says so (its last step's `defer`), a moment
        // before its task returns and sets `done`: asking `done` alone, the timeline went on to
        // its next event now and then (slow-cold-start's fix at +50 s played in one run of two).
        let countsTheApp = app == nil
        let consumer = stage.consumer
        let appIsDone: @Sendable () -> Bool = {
            done.withLock { $0 } || (countsTheApp && consumer.current.activity == .done)
        }
        let finished = await playTimeline(on: stage, settler: &settler, until: appIsDone)
        if !finished {
            await stage.recorder.record(.scenario, "nothing more can happen; the app was still waiting, stopped")
            appTask.cancel()
            // The app's own cancellation is waited for, then the service's reaction settles.
            await appTask.value
            await settler.settle(.quiet)
        } else {
            await appTask.value
        }
        return await result(of: stage, consumerFinished: finished)
    }

    /// Starts the app (`app`, or the file's consumer actions) in its own task, as an app's
    /// would run; `done` is set when it returns.
    private func startApp(
        _ app: (@Sendable (ScenarioApp) async -> Void)?, on stage: ScenarioStage, done: Locked<Bool>
    ) -> Task<Void, Never> {
        let actions = scenario.consumer
        let context = ScenarioApp(
            service: stage.service, clock: stage.clock, recorder: stage.recorder, consumer: stage.consumer)
        let consumer = stage.consumer
        return Task {
            if let app {
                await app(context)
            } else {
                await consumer.perform(actions)
            }
            done.withLock { $0 = true }
        }
    }

    /// Moves virtual time from instant to instant — the next timeline event or sleeping
    /// timer — firing due timers, then playing the instant's events in file order, settling
    /// after each step, until the app is done.
    ///
    /// - Returns: `false` when the app was still waiting when nothing more could happen (no
    ///   timer and no event left, or the 24 h limit reached).
    private func playTimeline(
        on stage: ScenarioStage, settler: inout Settler, until appIsDone: @Sendable () -> Bool
    ) async -> Bool {
        let clock = stage.clock
        let timeline = scenario.timeline
        var index = 0
        while !appIsDone() {
            let nextEvent = index < timeline.count ? timeline[index].time : nil
            let nextTimer = clock.nextDeadline?.offset
            guard let next = [nextEvent, nextTimer].compactMap({ $0 }).min(), next <= ScenarioLimits.maximumDuration
            else {
                // Nothing left to play: the app is done, or waits for what will never come. An
                // app that has just taken its last step may not have returned yet (its task
                // sets `done` after the consumer says `done`): settle, then ask both.
                await settler.settle(.quiet)
                return appIsDone() || stage.consumer.current.activity == .done
            }
            if case .realtime(let speed) = pace {
                let bounded = min(max(speed, ScenarioPace.speeds.lowerBound), ScenarioPace.speeds.upperBound)
                let wait = (next - clock.now.offset) / bounded
                if wait > .zero { try? await Task.sleep(for: wait) }
            }
            // Timers that fire (a timeout, a `wait`, the person's answer) are few; the
            // service's reactions to them are not all counted.
            if await clock.advance(to: VirtualClock.Instant(offset: next)) > 0 {
                await settler.settle(.quiet)
            }
            while index < timeline.count, timeline[index].time <= next {
                let event = timeline[index]
                let fixTime = await stage.play(event, start: scenario.start)
                index += 1
                if case .authorizationChanged = event.event {
                    await settler.settle(.quiet)
                } else {
                    await settler.settle(.counted, expecting: fixTime)
                }
            }
        }
        return true
    }

    /// The run: the transcript closed with `end`, what the app received, the expectations
    /// checked.
    private func result(of stage: ScenarioStage, consumerFinished: Bool) async -> ScenarioRun {
        let duration = stage.clock.now.offset
        await stage.recorder.record(.scenario, "end")
        let result = stage.consumer.result
        var run = ScenarioRun(
            scenario: scenario, transcript: stage.recorder.all, requests: result.requests, fixes: result.fixes,
            updates: result.updates, promptCount: stage.authorizer.promptCount,
            finalAuthorization: stage.authorizer.authorization, duration: duration,
            consumerFinished: consumerFinished, checks: [])
        run.checks = run.checked(stepEvaluator: stepEvaluator)
        stage.close()
        return run
    }
}
