package import Locking

/// The ``LocationAuthorizer/authorizationChanges()`` streams of an authorizer, kept inside its
/// locked state so that a change and the list of streams to tell are read together.
///
/// An authorizer whose state is ``SettableAuthorizationState`` gets setting and observing from
/// `Locked`:
///
/// ```swift
/// public func set(_ authorization: LocationAuthorization) { state.setAuthorization(authorization) }
/// public func authorizationChanges() -> AsyncStream<LocationAuthorization> { state.authorizationChanges() }
/// ```
///
/// `package`: the in-memory and the scenario authorizers share it.
package struct AuthorizationObservers: Sendable {
    private var registered: [UInt64: AsyncStream<LocationAuthorization>.Continuation] = [:]
    private var nextID: UInt64 = 0

    package init() {}

    /// Every registered stream, to be told a change after the lock is released.
    package var continuations: [AsyncStream<LocationAuthorization>.Continuation] { Array(registered.values) }

    /// A new stream, registered in the observers at `observers` inside `state`; it unregisters
    /// itself when its consumer stops iterating.
    package static func stream<State>(
        registeringIn state: Locked<State>, at observers: any WritableKeyPath<State, Self> & Sendable
    ) -> AsyncStream<LocationAuthorization> {
        let (stream, continuation) = AsyncStream.makeStream(of: LocationAuthorization.self)
        let id = state.withLock { state in
            state[keyPath: observers].nextID += 1
            let id = state[keyPath: observers].nextID
            state[keyPath: observers].registered[id] = continuation
            return id
        }
        continuation.onTermination = { [weak state] _ in
            _ = state?.withLock { $0[keyPath: observers].registered.removeValue(forKey: id) }
        }
        return stream
    }
}

/// The locked state of an authorizer whose decision can be set, and observed while it changes.
package protocol SettableAuthorizationState {
    /// The current decision.
    var authorization: LocationAuthorization { get set }
    /// The streams to tell when it changes.
    var observers: AuthorizationObservers { get set }
}

extension Locked where Value: SettableAuthorizationState {
    /// Changes the decision and tells every ``authorizationChanges()`` stream (after the lock
    /// is released).
    package func setAuthorization(_ authorization: LocationAuthorization) {
        let observers = withLock { state in
            state.authorization = authorization
            return state.observers.continuations
        }
        for observer in observers { observer.yield(authorization) }
    }

    /// Every later change, until the consumer stops iterating.
    package func authorizationChanges() -> AsyncStream<LocationAuthorization> {
        AuthorizationObservers.stream(registeringIn: self, at: \.observers)
    }
}
