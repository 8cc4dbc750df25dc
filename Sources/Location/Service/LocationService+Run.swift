extension LocationService {
    /// Runs the provider's connections as child tasks of the calling task, until that task is
    /// cancelled: call it from a task that lives as long as the program uses the service, such
    /// as a service of a `ServiceGroup` (`petspot serve` runs it there, so a gpsd connection is
    /// part of the server's structured shutdown) or a task group beside a command's loop.
    ///
    /// The provider still runs only while someone listens; `run()` only decides where. Without
    /// it, each connection runs on a task of its own, as before. When the calling task is
    /// cancelled, the running connection is cancelled with it and `run()` returns once the
    /// provider has returned: the ``updates`` consumers' sequences finish, as when a provider
    /// ends on its own, and waiting requests go on waiting on a connection of its own (or until
    /// their timeout). One call hosts at a time; a second call takes over the later connections.
    ///
    /// ```swift
    /// try await withThrowingDiscardingTaskGroup { group in
    ///     group.addTask { await service.run() }
    ///     for await update in service.updates { print(update) }
    ///     group.cancelAll()
    /// }
    /// ```
    public func run() async {
        hostsStarted += 1
        let number = hostsStarted
        let (runs, continuation) = AsyncStream.makeStream(of: ProviderRun.self)
        host?.runs.finish()
        host = Host(number: number, runs: continuation)
        await withDiscardingTaskGroup { group in
            for await run in runs {
                group.addTask { await run.start() }
            }
            // Cancelled or taken over: later connections run elsewhere. One handed over just
            // as this loop ended and never taken runs on a task of its own.
            if host?.number == number { host = nil }
            continuation.finish()
            if case .hosted(let current)? = connection?.producer, !current.isClaimed {
                Task.detached { await current.start() }
            }
        }
    }

    /// Starts the provider for the connection `generation`: its run goes to the host
    /// (``run()``) when there is one, or to a task of its own.
    func startProvider(generation: UInt64) {
        stopProvider()
        let events = NewestWinsQueue<ProviderEvent>(capacity: 1024)
        let provider = self.provider
        let clock = self.clock
        let body: @Sendable () async -> Void = {
            await provider.run(clock: clock) { event in
                var event = event
                if case .fix(var fix) = event {
                    fix.arrivalTime = clock.now
                    event = .fix(fix)
                }
                events.put(event)
            }
            events.finish()
        }
        var producer: Producer?
        if let host {
            let hosted = ProviderRun(body)
            if case .enqueued = host.runs.yield(hosted) { producer = .hosted(hosted) }
        }
        // Nothing hosts it: a task of its own, cancelled directly when the connection stops.
        let started = producer ?? .task(Task.detached(operation: body))
        // Runs on the actor (the closure captures the isolated `self`), so each event is
        // handled without a hop per event, and on `executor` when one is given (a default
        // actor runs on its caller's preferred executor). It holds the service while the
        // provider runs, which is only while someone listens; `stopProvider()` cancels it and
        // ends the loop.
        let consumer = Task(executorPreference: executor) { await self.consume(events, generation: generation) }
        connection = Connection(generation: generation, producer: started, events: events, consumer: consumer)
    }

    func stopProvider() {
        guard let connection else { return }
        switch connection.producer {
        case .task(let task): task.cancel()
        case .hosted(let run): run.stop()
        }
        connection.events.cancel()  // ends the consuming task's wait
        connection.consumer.cancel()
        self.connection = nil
    }
}
