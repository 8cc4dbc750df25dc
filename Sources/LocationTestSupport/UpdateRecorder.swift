public import Location
import Locking

/// One ``LocationService/updates`` consumer that records what it gets, for tests that check
/// the sequence while things happen.
///
/// ```swift
/// let recorder = UpdateRecorder(service)
/// try await recorder.waitFor(10, "a fix") { $0.contains { $0.fix != nil } }
/// ```
public final class UpdateRecorder: Sendable {
    private let recorded = Locked<[LocationUpdate]>([])
    private let task: Locked<Task<Void, Never>?> = Locked(nil)

    /// Starts consuming `service.updates`.
    public init(_ service: LocationService) {
        let consumer = Task { [recorded] in
            for await update in service.updates {
                recorded.withLock { $0.append(update) }
            }
        }
        task.withLock { $0 = consumer }
    }

    /// Every update so far.
    public var updates: [LocationUpdate] { recorded.withLock { $0 } }
    /// Every fix so far.
    public var fixes: [LocationFix] { updates.compactMap(\.fix) }

    /// Waits until the updates so far satisfy `predicate`: at most `seconds` of real time
    /// *with no new update*, and ``hangGuard`` in all.
    ///
    /// The deadline moves with the service's progress: each update (a fix, a state change) is
    /// an event that restarts the `seconds`. On a loaded machine a stream that is slow but
    /// flowing keeps its time; one that stopped, or never starts, fails after `seconds` of
    /// silence. A predicate that the updates keep missing fails at the hang guard.
    ///
    /// - Throws: ``DeadlineExceeded`` naming `what`.
    public func waitFor(_ seconds: Double, _ what: String, _ predicate: @escaping @Sendable ([LocationUpdate]) -> Bool)
        async throws
    {
        let start = ContinuousClock.now
        var lastProgress = start
        var seen = updates.count
        while true {
            let updates = self.updates
            if predicate(updates) { return }
            let now = ContinuousClock.now
            if updates.count != seen {
                seen = updates.count
                lastProgress = now
            }
            if now - lastProgress > .milliseconds(Int64(seconds * 1000)) {
                throw DeadlineExceeded(what: "\(what) (no update in the last \(seconds) s)", seconds: seconds)
            }
            if now - start > .seconds(hangGuard) {
                throw DeadlineExceeded(what: "\(what) (updates kept coming; hang guard)", seconds: hangGuard)
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Stops consuming.
    public func cancel() { task.withLock { $0?.cancel() } }

    deinit { cancel() }
}
