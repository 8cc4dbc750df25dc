/// Where the device is: authorization, one-shot requests and live updates over one provider
/// connection, in the shape of CoreLocation's `CLLocationManager`, with async/await.
///
/// Create it with a provider (``GPSDProvider``, a scenario, or any ``LocationProvider``), an
/// authorizer and a clock (any `Clock<Duration>`; a ``VirtualClock`` in tests). The provider
/// runs only while someone listens: the first ``updates`` iteration or pending
/// ``requestLocation(timeout:desiredAccuracy:maximumAge:)`` starts it, the last one to leave
/// stops it, and every consumer shares that one connection.
///
/// ```swift
/// let service = LocationService(
///     provider: GPSDProvider(endpoint: try GPSDEndpoint(parsing: "localhost:2947")),
///     authorizer: PersistedConsentAuthorizer())
/// guard await service.requestWhenInUseAuthorization().isAuthorized else { return }
/// let fix = try await service.requestLocation(timeout: .seconds(30), desiredAccuracy: 50)
/// print(fix)                          // "52.22970, 21.01220 ±4 m"
///
/// for await update in service.updates { print(update) }
/// ```
///
/// With reduced-accuracy authorization every fix handed out is ``LocationFix/approximated()``.
public actor LocationService {
    /// Where fixes come from.
    public nonisolated let provider: any LocationProvider
    /// Who decides whether location use is allowed.
    public nonisolated let authorizer: any LocationAuthorizer
    /// The clock timeouts, `maximumAge` and fix arrival times are measured on.
    public nonisolated let clock: LocationClock
    /// How many updates each ``updates`` consumer may have waiting; when a slow consumer
    /// falls further behind, the oldest fixes are dropped (newest wins), so the provider never
    /// blocks and memory stays bounded. The consumer learns how many it missed
    /// (``LocationUpdates/AsyncIterator/droppedUpdates``).
    public nonisolated let updateBufferSize: Int
    /// Where the service takes in its provider's events: `nil` for Swift's thread pool, or an
    /// executor such as ``LocationEventLoop/shared`` (see ``init(provider:authorizer:clock:updateBufferSize:executor:)``).
    public nonisolated let executor: (any TaskExecutor)?

    /// A request's continuation and its timeout timer.
    struct Waiter {
        var continuation: CheckedContinuation<Result<LocationFix, LocationError>, Never>
        var timer: Task<Void, Never>?
    }

    /// Where a connection's provider runs: a child task of ``run()``, or a task of its own.
    enum Producer {
        case hosted(ProviderRun)
        case task(Task<Void, Never>)
    }

    /// The provider's run, the queue of its events, and the task that feeds them into the
    /// service.
    struct Connection {
        var generation: UInt64
        var producer: Producer
        var events: NewestWinsQueue<ProviderEvent>
        var consumer: Task<Void, Never>
    }

    /// Where ``run()`` takes the provider's runs, with the number of that `run()` call.
    struct Host {
        var number: Int
        var runs: AsyncStream<ProviderRun>.Continuation
    }

    /// The logic: every decision is the state machine's; the actor performs its actions on
    /// the things below.
    var machine = LocationServiceStateMachine()
    /// Each ``updates`` consumer's queue, by the machine's subscriber id.
    var mailboxes: [UInt64: UpdateMailbox] = [:]
    /// Each waiting request's continuation and timer, by the machine's request id.
    var waiters: [UInt64: Waiter] = [:]
    var connection: Connection?
    /// The ``run()`` that hosts the provider's runs now, if any, and how many there have been.
    var host: Host?
    var hostsStarted = 0
    var authorizationWatch: Task<Void, Never>?
    /// The authorization the service last reacted to (see ``isAuthorizationChangePending``).
    var appliedAuthorization: LocationAuthorization?
    /// Updates queued for ``updates`` consumers (see ``queuedUpdateCount``).
    var queuedUpdates = 0
    /// Told after every ``perform(_:)``.
    nonisolated let afterEachAction: (@Sendable () -> Void)?

    /// A service over `provider`, allowed by `authorizer`, timed by `clock`.
    ///
    /// - Parameters:
    ///   - provider: where fixes come from.
    ///   - authorizer: who decides whether location use is allowed.
    ///   - clock: any `Clock<Duration>`: `ContinuousClock()` (the default), or a
    ///     ``VirtualClock`` for tests and scenarios.
    ///   - updateBufferSize: updates kept per slow ``updates`` consumer (at least 1).
    ///   - executor: where the task that takes in the provider's events runs, and with it the
    ///     service's own code while it does (a task executor preference). `nil`, the default,
    ///     is Swift's thread pool. ``LocationEventLoop/shared`` is the thread the gpsd provider
    ///     reads on: a fix then reaches the service, and a consumer task that prefers the same
    ///     executor, without a hand-off between threads (what `petspot watch` does).
    public init(
        provider: any LocationProvider, authorizer: any LocationAuthorizer,
        clock: some Clock<Duration> = ContinuousClock(), updateBufferSize: Int = 16,
        executor: (any TaskExecutor)? = nil
    ) {
        self.init(
            provider: provider, authorizer: authorizer, clock: clock, updateBufferSize: updateBufferSize,
            executor: executor, afterEachAction: nil)
    }

    /// A service that also calls `afterEachAction` each time it has performed what its state
    /// machine decided (a scenario's settler is told so instead of polling the counts).
    package init(
        provider: any LocationProvider, authorizer: any LocationAuthorizer,
        clock: some Clock<Duration> = ContinuousClock(), updateBufferSize: Int = 16,
        executor: (any TaskExecutor)? = nil, afterEachAction: (@Sendable () -> Void)?
    ) {
        self.provider = provider
        self.authorizer = authorizer
        self.clock = LocationClock(clock)
        self.updateBufferSize = max(1, updateBufferSize)
        self.executor = executor
        self.afterEachAction = afterEachAction
    }

    /// Whether location use is allowed right now (read from the authorizer each time).
    public nonisolated var authorizationStatus: AuthorizationStatus { authorizer.authorization.status }

    /// How precise the allowed fixes are.
    public nonisolated var accuracyAuthorization: AccuracyAuthorization { authorizer.authorization.accuracy }

    /// The newest fix seen, as handed out (approximated under reduced accuracy), or `nil`.
    public var lastFix: LocationFix? { machine.latestFix }

    /// Whether the provider is running (someone is listening and location use is allowed).
    public var isProviderRunning: Bool { machine.isProviderRunning }

    /// Asks for permission to use the location while the program is in use, like
    /// `CLLocationManager.requestWhenInUseAuthorization()`; asks only when the status is
    /// `notDetermined` (the CLI asks on the terminal; see ``PersistedConsentAuthorizer``).
    ///
    /// ```swift
    /// if await service.requestWhenInUseAuthorization().isAuthorized { … }
    /// ```
    ///
    /// - Returns: the status after asking.
    @discardableResult
    public func requestWhenInUseAuthorization() async -> AuthorizationStatus {
        let authorization = await authorizer.requestWhenInUseAuthorization()
        authorizationChanged(to: authorization)
        return authorization.status
    }

    /// Live updates: fixes and state changes, until the consuming task is cancelled or stops
    /// iterating. Each iteration is one consumer; all share one provider connection. A new
    /// consumer first gets the current state (the newest fix, `waitingForFix`, …) when the
    /// provider is already running, or ``LocationUpdate/authorizationDenied(_:)`` when location
    /// use is not allowed (it then waits for the permission to change).
    ///
    /// ```swift
    /// for await update in service.updates {
    ///     if let fix = update.fix { print(fix) }
    /// }
    /// ```
    public nonisolated var updates: LocationUpdates { LocationUpdates(service: self) }

    /// ``updates`` with a buffer of `bufferSize` for this consumer (instead of
    /// ``updateBufferSize``), ended by `ending` as well as by its task's cancellation, and
    /// `whenFallingBehind` called the moment that buffer drops an update after one was taken —
    /// once per run of drops, on the service's side, so a consumer stuck in a write can still
    /// be reported (the HTTP service logs a slow event-stream client this way). The drops
    /// themselves are counted as for ``updates``.
    ///
    /// ```swift
    /// let ending = UpdatesEnding()
    /// let updates = service.updates(bufferSize: 32, endedBy: ending) { logger.warning("client is behind") }
    /// ```
    public nonisolated func updates(
        bufferSize: Int, endedBy ending: UpdatesEnding? = nil, whenFallingBehind: (@Sendable () -> Void)? = nil
    ) -> LocationUpdates {
        LocationUpdates(service: self, bufferSize: bufferSize, whenFallingBehind: whenFallingBehind, ending: ending)
    }

    // MARK: - Events

    /// Registers one ``updates`` consumer and returns its subscription (a bounded mailbox,
    /// unregistered when the consumer is cancelled or drops its iterator).
    func subscribe(bufferSize: Int? = nil, whenFallingBehind: (@Sendable () -> Void)? = nil) -> Subscription {
        let mailbox = UpdateMailbox(capacity: bufferSize ?? updateBufferSize, startedDropping: whenFallingBehind)
        let id = machine.makeID()
        mailboxes[id] = mailbox
        perform(machine.subscribe(id, authorization: authorizer.authorization))
        return Subscription(mailbox: mailbox, service: self, id: id)
    }

    func unsubscribe(_ id: UInt64) {
        perform(machine.unsubscribe(id, authorization: authorizer.authorization))
    }

    /// Feeds the provider's events into the service until the provider ends or is stopped.
    func consume(_ events: NewestWinsQueue<ProviderEvent>, generation: UInt64) async {
        while let delivery = await events.take() {
            if delivery.droppedBefore > 0, connection?.generation == generation {
                // The queue overflowed: every consumer hears how many events it missed.
                for mailbox in mailboxes.values { mailbox.noteDropped(delivery.droppedBefore) }
            }
            perform(
                machine.providerEvent(delivery.element, generation: generation, authorization: authorizer.authorization)
            )
        }
        perform(machine.providerEnded(generation: generation, authorization: authorizer.authorization))
    }

    // MARK: - Actions

    /// Does what the state machine decided, in the order ``LocationServiceStateMachine/Actions``
    /// documents.
    func perform(_ actions: LocationServiceStateMachine.Actions) {
        switch actions.provider {
        case .start(let generation)?: startProvider(generation: generation)
        case .stop?: stopProvider()
        case nil: break
        }
        switch actions.authorizationWatch {
        case .start?: watchAuthorization()
        case .stop?:
            authorizationWatch?.cancel()
            authorizationWatch = nil
            appliedAuthorization = nil
        case nil: break
        }
        if let id = actions.cancelSubscriber { mailboxes.removeValue(forKey: id)?.cancel() }
        if let update = actions.publish {
            if let recipient = actions.recipient {
                if let mailbox = mailboxes[recipient] { count(mailbox.put(update)) }
            } else {
                for mailbox in mailboxes.values { count(mailbox.put(update)) }
            }
        }
        if actions.finishSubscribers {
            let ended = mailboxes
            mailboxes = [:]
            for mailbox in ended.values { mailbox.finish() }
        }
        if let timer = actions.startTimer { startTimer(timer) }
        for finished in actions.finishRequests {
            guard let waiter = waiters.removeValue(forKey: finished.id) else { continue }
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: finished.result)
        }
        afterEachAction?()
    }

    /// Counts an update that went into a consumer's queue (one that displaced a dropped one is
    /// not new work for the consumer).
    private func count(_ added: Bool) {
        if added { queuedUpdates += 1 }
    }

    private func watchAuthorization() {
        let changes = authorizer.authorizationChanges()
        // The decision the machine was just given; a change after this one is pending until
        // the watch delivers it.
        appliedAuthorization = authorizer.authorization
        authorizationWatch?.cancel()
        authorizationWatch = Task { [weak self] in
            for await authorization in changes {
                await self?.authorizationChanged(to: authorization)
            }
        }
    }

    func authorizationChanged(to authorization: LocationAuthorization) {
        appliedAuthorization = authorization
        perform(machine.authorizationChanged(to: authorization))
    }
}
