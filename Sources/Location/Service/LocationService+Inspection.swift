// What a LocationService is doing right now, for tests, scenarios and the service's metrics.

extension LocationService {
    /// How many ``updates`` consumers are registered right now.
    public var subscriberCount: Int { machine.subscribers.count }

    /// The last state told to consumers: while the provider runs, its state (`waitingForFix`,
    /// a fix, `providerUnavailable`, …); `authorizationDenied` after location use was
    /// withdrawn; otherwise `nil`.
    public var currentState: LocationUpdate? { machine.published }

    /// How many ``requestLocation(timeout:desiredAccuracy:maximumAge:)`` calls are waiting.
    public var pendingRequestCount: Int { machine.requests.count }

    /// How many provider events the service has handled while their provider was the running
    /// one, in all. A scenario compares it with the events its receiver delivered, so that
    /// virtual time moves on only when the service has taken in every one (by counting, not
    /// by waiting for quiet).
    public var handledEventCount: Int { machine.handledEventCount }

    /// How many updates the service has queued for ``updates`` consumers, in all (an update
    /// sent to two consumers counts twice). A scenario compares it with the updates its app
    /// took, for the same reason as ``handledEventCount``.
    public var queuedUpdateCount: Int { queuedUpdates }

    /// How many waiting ``requestLocation(timeout:desiredAccuracy:maximumAge:)`` calls have
    /// reached their timeout on the service's clock but not yet been answered (their timer has
    /// fired, or is about to). A scenario counts them as work in progress, like
    /// ``handledEventCount``.
    public var overdueRequestCount: Int { machine.overdueRequestCount(at: clock.now) }

    /// Whether the authorizer's decision changed while the service watches it, and the
    /// service has not reacted yet (its watch has the change to take in). A scenario waits
    /// for the reaction (requests denied, the provider stopped or started) by this, not by
    /// waiting for quiet.
    public var isAuthorizationChangePending: Bool {
        authorizationWatch != nil && appliedAuthorization != authorizer.authorization
    }
}

extension LocationService {
    /// Whether a ``run()`` hosts the provider's connections now (the connections started from
    /// now on are its child tasks).
    public var isHostingConnections: Bool { host != nil }
}
