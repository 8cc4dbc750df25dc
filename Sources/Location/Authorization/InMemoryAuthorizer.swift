import Locking

/// An authorizer whose decision lives in memory: set it, script it, revoke it mid-stream.
///
/// For tests, scenarios and embedding apps that keep their own consent. A request while
/// ``AuthorizationStatus/notDetermined`` gives ``answer`` (what the person would tap);
/// ``set(_:)`` changes the decision at any time and notifies every
/// ``authorizationChanges()`` stream.
///
/// ```swift
/// let authorizer = InMemoryAuthorizer(.notDetermined, answer: LocationAuthorization(.authorizedWhenInUse))
/// await authorizer.requestWhenInUseAuthorization().status   // .authorizedWhenInUse
/// authorizer.set(LocationAuthorization(.denied))              // the person changed their mind
/// ```
public final class InMemoryAuthorizer: LocationAuthorizer {
    private struct State: SettableAuthorizationState {
        var authorization: LocationAuthorization
        var answer: LocationAuthorization
        var requestCount = 0
        var observers = AuthorizationObservers()
    }

    private let state: Locked<State>

    /// An authorizer currently at `status`, answering requests with `answer` (denied by default).
    public init(_ status: AuthorizationStatus, answer: LocationAuthorization = LocationAuthorization(.denied)) {
        state = Locked(State(authorization: LocationAuthorization(status), answer: answer))
    }

    /// An authorizer currently at `authorization`, answering requests with `answer`.
    public init(_ authorization: LocationAuthorization, answer: LocationAuthorization = LocationAuthorization(.denied))
    {
        state = Locked(State(authorization: authorization, answer: answer))
    }

    /// The current decision.
    public var authorization: LocationAuthorization { state.withLock { $0.authorization } }

    /// What a request while ``AuthorizationStatus/notDetermined`` gives.
    public var answer: LocationAuthorization {
        get { state.withLock { $0.answer } }
        set { state.withLock { $0.answer = newValue } }
    }

    /// How many times a request actually asked (the status was `notDetermined`).
    public var requestCount: Int { state.withLock { $0.requestCount } }

    /// Gives ``answer`` when the status is `notDetermined`, else the current decision.
    public func requestWhenInUseAuthorization() async -> LocationAuthorization {
        let (result, observers) = state.withLock {
            state -> (LocationAuthorization, [AsyncStream<LocationAuthorization>.Continuation]) in
            guard state.authorization.status == .notDetermined else { return (state.authorization, []) }
            state.requestCount += 1
            state.authorization = state.answer
            return (state.authorization, state.observers.continuations)
        }
        for observer in observers { observer.yield(result) }
        return result
    }

    /// Changes the decision and tells every ``authorizationChanges()`` stream.
    public func set(_ authorization: LocationAuthorization) {
        state.setAuthorization(authorization)
    }

    /// Changes the status (full accuracy) and tells every ``authorizationChanges()`` stream.
    public func set(_ status: AuthorizationStatus) {
        set(LocationAuthorization(status))
    }

    /// Every later change, until the consumer stops iterating.
    public func authorizationChanges() -> AsyncStream<LocationAuthorization> {
        state.authorizationChanges()
    }
}
