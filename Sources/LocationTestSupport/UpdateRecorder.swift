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

    /// Waits until the updates so far satisfy `predicate`, at most `seconds`.
    ///
    /// - Throws: ``DeadlineExceeded`` naming `what`.
    public func waitFor(_ seconds: Double, _ what: String, _ predicate: @escaping @Sendable ([LocationUpdate]) -> Bool)
        async throws
    {
        try await waitUntil(seconds, what) { predicate(self.updates) }
    }

    /// Stops consuming.
    public func cancel() { task.withLock { $0?.cancel() } }

    deinit { cancel() }
}
