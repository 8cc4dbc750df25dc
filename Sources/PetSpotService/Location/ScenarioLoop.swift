import Foundation
import Location
public import Scenarios
public import ServiceLifecycle

/// `petspot serve --scenario`: plays a scenario's receiver timeline on the real clock into
/// a live ``LocationService``, in rounds, until the server stops.
///
/// - The permission plays once, as the file says: the starting authorization, then, when
///   it is `notDetermined` and the file scripts a prompt answer, that answer after its delay
///   (the scenario's scripted person; nothing over HTTP asks or answers).
/// - The timeline plays from its start in every round (fixes, no fix, receiver lost and back,
///   changes in settings), each event at its time since the round began; a round lasts the
///   timeline plus one second. With `loops` false it plays once and then holds its last state.
public struct ScenarioLoop: Service {
    /// The scenario.
    public let scenario: Scenario
    /// The receiver the service's provider listens to.
    public let receiver: ScenarioReceiver
    /// The scripted permission.
    public let authorizer: ScenarioAuthorizer
    /// Whether the timeline plays again after its end.
    public let loops: Bool
    /// The clock the timeline plays on (the real clock in `petspot serve`).
    let clock: any Clock<Duration>

    /// A loop for `scenario` on `clock` (the real clock by default).
    public init(scenario: Scenario, loops: Bool = true, clock: some Clock<Duration> = ContinuousClock()) {
        self.scenario = scenario
        self.loops = loops
        self.clock = clock
        receiver = ScenarioReceiver(name: scenario.name)
        authorizer = ScenarioAuthorizer(
            initial: scenario.authorization, prompt: scenario.prompt, clock: clock)
    }

    /// Plays until cancelled or the service group shuts down.
    public func run() async throws {
        try? await cancelWhenGracefulShutdown { try await self.play(on: self.clock) }
    }

    private func play<C: Clock<Duration>>(on clock: C) async throws {
        let authorizer = self.authorizer
        let prompt = Task { _ = await authorizer.requestWhenInUseAuthorization() }
        defer { prompt.cancel() }
        let roundLength = scenario.timelineEnd + .seconds(1)
        repeat {
            let roundStart = clock.now
            for timed in scenario.timeline {
                try await clock.sleep(until: roundStart.advanced(by: timed.time), tolerance: nil)
                apply(timed.event)
            }
            try await clock.sleep(until: roundStart.advanced(by: roundLength), tolerance: nil)
        } while loops
        try await clock.sleep(until: clock.now.advanced(by: .seconds(86_400 * 365)), tolerance: nil)
    }

    private func apply(_ event: ScenarioEvent) {
        switch event {
        case .fix(let fix):
            receiver.play(.fix(fix.locationFix(source: receiver.source, receiverTime: Date())))
        case .noFix:
            receiver.play(.noFix)
        case .receiverLost:
            receiver.play(.disconnected(endpoint: receiver.source.description, reason: "receiver lost"))
        case .receiverBack:
            receiver.play(.connected)
        case .authorizationChanged(let authorization):
            authorizer.set(authorization)
        }
    }
}
