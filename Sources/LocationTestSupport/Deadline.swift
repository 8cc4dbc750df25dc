/// Seconds of real time after which a wait for an event that comes within a second or two on
/// an idle machine (a child process starting and connecting, gpsd reading its feed, gpsfake's
/// first epoch) is taken to be hung. Only a hang guard, far above any normal run: such a wait
/// returns at its event, and a loaded machine (the suite beside a CPU hog or another build,
/// or the suite's own processes running side by side) slows it down without failing it. A
/// wait whose time is what the test checks (a timeout that must fire, a prompt end) keeps its
/// own short budget.
public let hangGuard: Double = 120

/// A real-time wait that gave up.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    /// What was awaited.
    public var what: String
    /// How long, in seconds of real time.
    public var seconds: Double
    public var description: String { "\(what) did not happen within \(seconds) s" }
}

/// Runs `body`, cancelling it and throwing ``DeadlineExceeded`` after `seconds` of real time:
/// no test waits on gpsd or a child process forever.
public func withDeadline<T: Sendable>(
    _ seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw DeadlineExceeded(what: what, seconds: seconds)
        }
        return value
    }
}

/// Polls `condition` every few milliseconds of real time until it holds; throws
/// ``DeadlineExceeded`` naming `what` after `seconds` (by default the ``hangGuard``: the
/// condition is an event that comes, however busy the machine).
public func waitUntil(
    _ seconds: Double = hangGuard, _ what: String = "the condition", _ condition: @Sendable () async -> Bool
) async throws {
    guard await eventually(seconds, condition) else { throw DeadlineExceeded(what: what, seconds: seconds) }
}

/// Whether `condition` holds within `seconds` of real time (by default the ``hangGuard``),
/// polled every few milliseconds (for `#expect(await eventually { … })`).
public func eventually(_ seconds: Double = hangGuard, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        await Task.yield()
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return await condition()
}
