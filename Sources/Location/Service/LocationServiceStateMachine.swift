/// The logic of a ``LocationService``, as a value with no tasks, no clock and no I/O: who
/// listens, which requests wait, whether the provider runs and what consumers were last told.
///
/// Each event is a `mutating func` that changes the state and returns the ``Actions`` the
/// service must perform (start or stop the provider, put an update in consumers' queues,
/// resume a request, start its timer …), as swift-async-algorithms' state machines do. The
/// actor owns the things the actions name — provider tasks, consumers' mailboxes, request
/// continuations and timers — and does nothing else, so every rule of the service can be
/// tested by calling these methods (`LocationServiceStateMachineTests`).
///
/// Events take what they depend on from outside as arguments: the current authorization
/// (read from the authorizer, which may change it at any time) and, for requests, the clock's
/// reading. Consumers, requests and provider runs are named by ids from ``makeID()``.
///
/// ```swift
/// var machine = LocationServiceStateMachine()
/// let consumer = machine.makeID()
/// let start = machine.subscribe(consumer, authorization: LocationAuthorization(.authorizedWhenInUse))
/// // start.provider == .start(generation: 2), start.authorizationWatch == .start
/// ```
package struct LocationServiceStateMachine: Sendable {
    /// Whether a provider runs, and what consumers were last told.
    package enum Phase: Sendable, Hashable {
        /// No provider runs and consumers were told nothing that still holds: nobody listened
        /// yet, everybody left, or the provider's source ended.
        case idle
        /// No provider runs because location use is not allowed, and consumers were told so
        /// (``LocationUpdate/authorizationDenied(_:)`` with this status).
        case denied(AuthorizationStatus)
        /// A provider run is going.
        ///
        /// - Parameters:
        ///   - generation: the run's id; events of an earlier run still in flight carry
        ///     another one and are ignored.
        ///   - published: the last state sent to consumers in this run (`waitingForFix`, a
        ///     fix, …), `nil` until its first event.
        case running(generation: UInt64, published: LocationUpdate?)
    }

    /// A ``LocationService/requestLocation(timeout:desiredAccuracy:maximumAge:)`` waiting for
    /// a fix.
    package struct Request: Sendable, Hashable {
        package let id: UInt64
        /// The largest acceptable horizontal accuracy, or `nil` for any fix.
        package let desiredAccuracy: Double?
        /// How long it waits (for the no-fix message).
        package let timeout: Duration
        /// When ``timeout`` ends, on the service's clock.
        package let deadline: LocationClock.Instant
        /// The most accurate fix seen that did not meet ``desiredAccuracy``: the answer at
        /// the timeout.
        package var best: LocationFix?
        /// The last state the request saw, for the no-fix message.
        package var lastSeen: LocationUpdate?

        /// Keeps `fix` as ``best`` when it is more accurate (an unknown accuracy is the worst;
        /// on a tie the earlier fix stays).
        mutating func consider(_ fix: LocationFix) {
            let keepsBest = best.map { ($0.horizontalAccuracy ?? .infinity) <= (fix.horizontalAccuracy ?? .infinity) }
            if keepsBest != true { best = fix }
            lastSeen = .fix(fix)
        }
    }

    /// Whether a provider runs, and what consumers were last told.
    package private(set) var phase: Phase = .idle
    /// The ``LocationService/updates`` consumers.
    package private(set) var subscribers: Set<UInt64> = []
    /// The waiting requests, oldest first.
    package internal(set) var requests: [Request] = []
    /// Whether the service listens to the authorizer's changes (while anyone listens to it).
    package private(set) var isWatchingAuthorization = false
    /// The newest fix, as handed out (approximated under reduced accuracy); kept after the
    /// provider stops, for `maximumAge`.
    package private(set) var latestFix: LocationFix?
    /// How many events of the running provider were taken in, in all.
    package private(set) var handledEventCount = 0
    /// Whether the receiver sent a report (a fix, or a report without one) since the provider
    /// last connected: a connection alone publishes `waitingForFix`, but a request that times
    /// out without a report heard nothing (``LocationError/heardNothing``).
    package private(set) var receiverReported = false
    private var lastID: UInt64 = 0

    package init() {}

    /// The last state told to consumers: the running provider's, `authorizationDenied` after
    /// a denial, `nil` otherwise.
    package var published: LocationUpdate? {
        switch phase {
        case .idle: nil
        case .denied(let status): .authorizationDenied(status)
        case .running(_, let published): published
        }
    }

    /// Whether a provider run is going.
    package var isProviderRunning: Bool {
        if case .running = phase { return true }
        return false
    }

    /// A new id for a consumer, a request or a provider run.
    package mutating func makeID() -> UInt64 {
        lastID += 1
        return lastID
    }

    // MARK: - Consumers

    /// A consumer of ``LocationService/updates`` arrives (its queue is ready). It first gets
    /// the running provider's state while location use is allowed and one was told, or
    /// `authorizationDenied` when it is not allowed.
    package mutating func subscribe(_ id: UInt64, authorization: LocationAuthorization) -> Actions {
        subscribers.insert(id)
        var actions = Actions()
        // Allowed: the running provider's state, never a denial told before the permission
        // came back while nobody listened.
        let current: LocationUpdate? = if case .running(_, let published) = phase { published } else { nil }
        if let first = authorization.isAuthorized ? current : .authorizationDenied(authorization.status) {
            actions.publish = first
            actions.recipient = id
        }
        updateDemand(authorization, &actions)
        return actions
    }

    /// A consumer leaves (cancelled, or its iterator went away). Unknown ids are ignored.
    package mutating func unsubscribe(_ id: UInt64, authorization: LocationAuthorization) -> Actions {
        guard subscribers.remove(id) != nil else { return Actions() }
        var actions = Actions(cancelSubscriber: id)
        updateDemand(authorization, &actions)
        return actions
    }

    // MARK: - Authorization

    /// The authorization changed (the authorizer's change stream, or an answer to
    /// ``LocationService/requestWhenInUseAuthorization()``). When it no longer allows location
    /// use, waiting requests fail with the denial, the provider stops and consumers are told
    /// once; when it allows it again and someone listens, the provider starts.
    package mutating func authorizationChanged(to authorization: LocationAuthorization) -> Actions {
        var actions = Actions()
        if !authorization.isAuthorized {
            let denial = LocationError(status: authorization.status) ?? .denied
            finishAllRequests(&actions) { _ in .failure(denial) }
            if phase != .denied(authorization.status) {
                if isProviderRunning { actions.provider = .stop }
                phase = .denied(authorization.status)
                actions.publish = .authorizationDenied(authorization.status)
            }
        }
        updateDemand(authorization, &actions)
        return actions
    }

    // MARK: - Provider

    /// One event from the provider run `generation`; ignored unless that run is the current
    /// one. Fixes are approximated under reduced accuracy, told to consumers and offered to
    /// waiting requests; state changes are told once (a repeat of the same state is not).
    package mutating func providerEvent(
        _ event: ProviderEvent, generation: UInt64, authorization: LocationAuthorization
    ) -> Actions {
        // Binds no payload: a fix (the hot path) never needs the state told before it.
        guard case .running(let current, _) = phase, current == generation else { return Actions() }
        handledEventCount += 1
        var actions = Actions()
        switch event {
        case .connected:
            receiverReported = false
            publish(.waitingForFix, &actions)
            noteRequests()
        case .fix(let raw):
            receiverReported = true
            let fix = authorization.accuracy == .reducedAccuracy ? raw.approximated() : raw
            latestFix = fix
            publish(.fix(fix), &actions)
            offer(fix, &actions)
        case .noFix:
            receiverReported = true
            switch self.published {
            case .fix?: publish(.fixLost, &actions)
            case .fixLost?, .waitingForFix?: break
            default: publish(.waitingForFix, &actions)
            }
            noteRequests()
        case .disconnected(let endpoint, let reason):
            publish(.providerUnavailable(endpoint: endpoint, reason: reason), &actions)
            finishAllRequests(&actions) { request in
                request.best.map { .success($0) } ?? .failure(.providerUnavailable(endpoint: endpoint, reason: reason))
            }
        }
        // Only a finished request changes who listens.
        if !actions.finishRequests.isEmpty { updateDemand(authorization, &actions) }
        return actions
    }

    /// The provider run `generation` returned on its own: its source ended (a scenario that
    /// ran out). Consumers' updates finish; waiting requests keep waiting (on a new run).
    package mutating func providerEnded(generation: UInt64, authorization: LocationAuthorization) -> Actions {
        guard case .running(let current, _) = phase, current == generation else { return Actions() }
        phase = .idle
        var actions = Actions(provider: .stop, finishSubscribers: !subscribers.isEmpty)
        subscribers = []
        updateDemand(authorization, &actions)
        return actions
    }

    // MARK: - Shared rules

    /// Starts or stops the provider and the authorization watch to match who listens and
    /// whether location use is allowed.
    mutating func updateDemand(_ authorization: LocationAuthorization, _ actions: inout Actions) {
        let demand = !subscribers.isEmpty || !requests.isEmpty
        if demand != isWatchingAuthorization {
            isWatchingAuthorization = demand
            actions.authorizationWatch = demand ? .start : .stop
        }
        let run = demand && authorization.isAuthorized
        switch (run, phase) {
        case (true, .running), (false, .idle), (false, .denied):
            break
        case (true, .idle), (true, .denied):
            let generation = makeID()
            phase = .running(generation: generation, published: nil)
            receiverReported = false
            actions.provider = .start(generation: generation)
        case (false, .running):
            phase = .idle
            actions.provider = .stop
        }
    }

    /// Tells `update` to every consumer, unless it repeats the state told last.
    private mutating func publish(_ update: LocationUpdate, _ actions: inout Actions) {
        guard case .running(let generation, _) = phase else { return }
        if case .fix = update {
            // Every fix is told.
        } else if update == published {
            return
        }
        phase = .running(generation: generation, published: update)
        actions.publish = update
    }

    /// What a request has heard: the state told last, except that a connection whose receiver
    /// has reported nothing yet counts as nothing heard (`nil`).
    var heardState: LocationUpdate? {
        published == .waitingForFix && !receiverReported ? nil : published
    }

    /// Records what was heard in every waiting request (for the no-fix message).
    private mutating func noteRequests() {
        guard !requests.isEmpty else { return }
        let heard = heardState
        for index in requests.indices { requests[index].lastSeen = heard }
    }

    /// Ends every waiting request with the result `result` gives it.
    mutating func finishAllRequests(
        _ actions: inout Actions, _ result: (Request) -> Result<LocationFix, LocationError>
    ) {
        for request in requests {
            actions.finishRequests.append(Actions.FinishedRequest(id: request.id, result: result(request)))
        }
        requests = []
    }
}
