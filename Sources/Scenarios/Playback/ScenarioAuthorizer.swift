public import Location
import Locking

/// The scripted person and system policy of a scenario: a ``LocationAuthorizer`` that starts
/// at the scenario's authorization, answers the permission prompt as the file says (after
/// the time the person takes, on the scenario's clock), and changes when the timeline says
/// the person changed it in settings.
///
/// ```swift
/// let authorizer = ScenarioAuthorizer(
///     initial: LocationAuthorization(.notDetermined),
///     prompt: ScenarioPrompt(.grant, after: ScenarioDuration(.seconds(2))), clock: clock)
/// await authorizer.requestWhenInUseAuthorization()    // after 2 s: .authorizedWhenInUse
/// ```
public final class ScenarioAuthorizer: LocationAuthorizer {
    /// Something the authorizer did, for the transcript.
    public enum Event: Sendable, Hashable {
        /// The permission prompt appeared.
        case promptShown
        /// The person answered the prompt.
        case answered(ScenarioPrompt.Answer, LocationAuthorization)
    }

    private struct State: SettableAuthorizationState {
        var authorization: LocationAuthorization
        var promptCount = 0
        var observers = AuthorizationObservers()
        var answerDue: LocationClock.Instant?
    }

    private let state: Locked<State>
    private let prompt: ScenarioPrompt?
    private let clock: LocationClock
    private let onEvent: @Sendable (Event) async -> Void

    /// An authorizer at `initial` that answers the prompt with `prompt`, waiting on `clock`.
    ///
    /// - Parameter onEvent: told when the prompt appears and when the person answers.
    public init(
        initial: LocationAuthorization, prompt: ScenarioPrompt?, clock: some Clock<Duration>,
        onEvent: @escaping @Sendable (Event) async -> Void = { _ in }
    ) {
        state = Locked(State(authorization: initial))
        self.prompt = prompt
        self.clock = LocationClock(clock)
        self.onEvent = onEvent
    }

    /// The current decision.
    public var authorization: LocationAuthorization { state.withLock { $0.authorization } }

    /// How many times the prompt appeared.
    public var promptCount: Int { state.withLock { $0.promptCount } }

    /// Whether the person is "thinking" about the prompt: asleep on the clock until the
    /// answer is due, which has not come yet.
    public var isWaitingForAnswer: Bool {
        guard let due = state.withLock({ $0.answerDue }) else { return false }
        return clock.now < due
    }

    /// Shows the prompt while `notDetermined` and gives the scripted answer after its
    /// delay; otherwise returns the current decision. Without a scripted answer, or when the
    /// task is cancelled while the person "thinks", nothing changes.
    public func requestWhenInUseAuthorization() async -> LocationAuthorization {
        let current = authorization
        guard current.status == .notDetermined else { return current }
        state.withLock { $0.promptCount += 1 }
        await onEvent(.promptShown)
        guard let prompt else { return authorization }
        let due = clock.now.advanced(by: prompt.after.duration)
        state.withLock { $0.answerDue = due }
        defer { state.withLock { $0.answerDue = nil } }
        do {
            try await clock.sleep(until: due, tolerance: nil)
        } catch {
            return authorization
        }
        let answer = prompt.answer.authorization
        set(answer)
        await onEvent(.answered(prompt.answer, answer))
        return answer
    }

    /// Changes the decision (the person changed it in settings) and tells every
    /// ``authorizationChanges()`` stream.
    public func set(_ authorization: LocationAuthorization) {
        state.setAuthorization(authorization)
    }

    /// Every later change, until the consumer stops iterating.
    public func authorizationChanges() -> AsyncStream<LocationAuthorization> {
        state.authorizationChanges()
    }
}
