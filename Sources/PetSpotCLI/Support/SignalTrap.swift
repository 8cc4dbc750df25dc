import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The signals a command handles itself — Ctrl-C (SIGINT), a closed terminal (SIGHUP), a
/// `kill` (SIGTERM) — in the one place the CLI handles signals.
///
/// Each signal is set to be ignored first, so that it never takes the signal's default action
/// (ending the process half-way through a write), also in a process started with the signal
/// ignored as a test runner does; then it is delivered to `handler` on a dispatch queue. The
/// trap ends with ``remove(restoringDefaults:)`` or when it goes away; the signals then stay
/// ignored unless defaults are restored, so a second Ctrl-C cannot cut off what a command
/// does with what it has (`record` saving its recording).
///
/// ```swift
/// let trap = SignalTrap([SIGINT, SIGTERM]) { signal in print("got", signal) }
/// defer { trap.remove(restoringDefaults: true) }
/// ```
///
/// Commands that only stop early use ``run(cancellingOn:orAfter:executorPreference:_:)``.
final class SignalTrap {
    /// The signals trapped.
    let signals: [Int32]
    private var sources: [any DispatchSourceSignal]

    /// Ignores `signals` and calls `handler` with each one that arrives, on a global queue.
    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        sources = signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { handler(signalNumber) }
            source.resume()
            return source
        }
    }

    /// Stops calling the handler; with `restoringDefaults`, the signals take their default
    /// action again (a later Ctrl-C ends the process), else they stay ignored.
    func remove(restoringDefaults: Bool = false) {
        for source in sources { source.cancel() }
        sources = []
        if restoringDefaults {
            for signalNumber in signals { signal(signalNumber, SIG_DFL) }
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}

extension SignalTrap {
    /// Runs `body` in a child task until it returns; the first of `signals` (or the end of
    /// `limit`, on the real clock) cancels it, and `body` then returns what it has — as a
    /// watch or a recording ends on Ctrl-C. The signals stay ignored afterwards.
    ///
    /// ```swift
    /// let recording = await SignalTrap.run(cancellingOn: [SIGINT, SIGTERM, SIGHUP]) {
    ///     await SessionRecording.capture(service, for: length)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - limit: cancels `body` after this long too (`watch --seconds`); `nil`: no limit.
    ///   - executorPreference: where `body` runs (`watch` runs on the gpsd loop's thread).
    /// - Returns: what `body` returned (the group always waits for it; `nil` is only the
    ///   type's way of saying that the other children return nothing).
    @discardableResult
    static func run<Result: Sendable>(
        cancellingOn signals: [Int32], orAfter limit: Duration? = nil,
        executorPreference: (any TaskExecutor)? = nil, _ body: @escaping @Sendable () async -> Result
    ) async -> Result? {
        let (arrived, arrival) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        let trap = SignalTrap(signals) { arrival.yield($0) }
        defer { trap.remove() }
        return await withTaskGroup(of: Result?.self) { group in
            group.addTask(executorPreference: executorPreference) { await body() }
            // Ends at the first signal, or quietly when the group cancels it.
            group.addTask {
                for await _ in arrived { break }
                return nil
            }
            if let limit {
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return nil
                }
            }
            // The first child to end decides: the body's result, or a stop that cancels the
            // body, which then returns what it has.
            var result: Result?
            while result == nil, let ended = await group.next() {
                result = ended
                group.cancelAll()
            }
            arrival.finish()
            return result
        }
    }
}
