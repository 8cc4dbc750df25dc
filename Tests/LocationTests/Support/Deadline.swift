import Foundation
import Location
import Locking

/// A real-time wait that gave up.
struct DeadlineExceeded: Error, CustomStringConvertible {
    var what: String
    var seconds: Double
    var description: String { "\(what) did not happen within \(seconds) s" }
}

/// Runs `body`, cancelling it and throwing ``DeadlineExceeded`` after `seconds` of real time:
/// no test waits on gpsd forever.
func withDeadline<T: Sendable>(
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

/// Polls `condition` every 5 ms of real time, at most `seconds`.
func waitUntil(_ seconds: Double, _ what: String, _ condition: @escaping @Sendable () async -> Bool) async throws {
    let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
    while !(await condition()) {
        guard ContinuousClock.now < deadline else { throw DeadlineExceeded(what: what, seconds: seconds) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// One ``LocationService/updates`` consumer that records what it gets, for tests that check
/// the sequence while things happen.
final class UpdateRecorder: Sendable {
    private final class Storage: Sendable {
        let recorded = Locked<[LocationUpdate]>([])
    }

    private let storage = Storage()
    private let task: Locked<Task<Void, Never>?> = Locked(nil)

    /// Starts consuming `service.updates`.
    init(_ service: LocationService) {
        let consumer = Task { [storage] in
            for await update in service.updates {
                storage.recorded.withLock { $0.append(update) }
            }
        }
        task.withLock { $0 = consumer }
    }

    var updates: [LocationUpdate] { storage.recorded.withLock { $0 } }
    var fixes: [LocationFix] { updates.compactMap(\.fix) }

    /// Waits until an update satisfies `predicate`, at most `seconds`.
    func waitFor(_ seconds: Double, _ what: String, _ predicate: @escaping @Sendable ([LocationUpdate]) -> Bool)
        async throws
    {
        try await waitUntil(seconds, what) { predicate(self.updates) }
    }

    /// Stops consuming.
    func cancel() { task.withLock { $0?.cancel() } }

    deinit { cancel() }
}
