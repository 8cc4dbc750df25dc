import CoreMetrics
import Foundation
import Locking
public import Logging
public import ReportStore
public import ServiceLifecycle

/// Whether the reports store answers now: a prober in the server's `ServiceGroup` pings it
/// (``ReportStore/ping(within:)``, on a connection of its own) every ``interval``, and any
/// store call that finds it unreachable says so at once. While it is unreachable `/readyz`
/// answers 503 with the reason and store calls fail at once with 503 and `Retry-After`
/// (``GuardedReportStore``) instead of each waiting for its timeout; the first answer again
/// closes the circuit. Time is the injected clock's.
///
/// The operator hears of an outage once each way: a `warning` when the store is first seen
/// unreachable (with the store's own words: the log is the operator's), and one when it answers
/// again; `petspot_store_up` is 1 or 0 meanwhile.
public final class StoreHealth: Service, Sendable {
    /// How the store was last seen.
    public struct Status: Sendable, Equatable {
        /// Whether it answered.
        public var reachable: Bool
        /// Why not, when it did not.
        public var reason: String?
    }

    private struct State {
        var status = Status(reachable: true, reason: nil)
        var error: ReportStoreError?
        var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    let store: any ReportStore
    /// How often the prober pings (500 ms).
    let interval: Duration
    /// How long one ping may take (1 s).
    let timeout: Duration
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let state = Locked(State())

    /// A prober for `store`.
    public init(
        store: any ReportStore, interval: Duration = .milliseconds(500), timeout: Duration = .seconds(1),
        clock: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "petspot.serve")
    ) {
        self.store = store
        self.interval = interval
        self.timeout = timeout
        self.clock = clock
        self.logger = logger
        ServiceMetrics.storeUp.record(1)
    }

    /// The store as last seen.
    public var status: Status { state.withLock { $0.status } }

    /// Why the store was last unreachable, when it is now.
    var unreachableError: ReportStoreError? {
        state.withLock { $0.status.reachable ? nil : $0.error }
    }

    /// Pings the store every ``interval`` until the service group shuts down (then it returns:
    /// stopping is not a failure of the service).
    public func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await self.check()
                try await self.clock.sleep(for: self.interval)
            }
        }
    }

    /// One ping, and its outcome recorded.
    public func check() async {
        do {
            try await store.ping(within: timeout)
            let wasDown = state.withLock { state in
                defer { state.status = Status(reachable: true, reason: nil) }
                return !state.status.reachable
            }
            if wasDown {
                ServiceMetrics.storeUp.record(1)
                logger.warning("reports store reachable again")
            }
        } catch {
            markUnreachable(error)
        }
    }

    /// Records that the store does not answer, and ends the waits of ``untilUnreachable()``.
    func markUnreachable(_ error: ReportStoreError) {
        let (waiting, wasUp) = state.withLock { state in
            let wasUp = state.status.reachable
            state.status = Status(reachable: false, reason: error.description)
            state.error = error
            defer { state.waiting = [:] }
            return (Array(state.waiting.values), wasUp)
        }
        if wasUp {
            ServiceMetrics.storeUp.record(0)
            logger.warning("reports store unreachable", metadata: ["error": "\(error.description)"])
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once the store is seen unreachable (at once when it is now), or when the task is
    /// cancelled.
    func untilUnreachable() async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if !state.status.reachable || Task.isCancelled { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
            continuation?.resume()
        }
    }
}
