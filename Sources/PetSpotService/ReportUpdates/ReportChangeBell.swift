import Locking
import ReportStore
import ServiceLifecycle

/// Rings every listener after the store says something changed: the one consumer of the
/// store's ``ReportStore/changeSignals()`` (PostgreSQL `LISTEN`, so changes made through any
/// server; SQLite: this process's own), a `Service` of the server's group.
///
/// A listener's stream holds at most one ring (`bufferingNewest(1)`): rings while a client is
/// busy writing coalesce into one, so a slow client costs one slot, never a queue. A ring
/// says only "look again"; what changed is read from the store's event log
/// (``ReportStore/events(after:limit:)``), which is what makes `Last-Event-ID` lossless.
///
/// ```swift
/// let bell = ReportChangeBell(store: store)      // in the ServiceGroup
/// let (rings, stop) = bell.listen()              // one per event-stream client
/// for await _ in rings { /* read events after the last one sent */ }
/// ```
final class ReportChangeBell: Service {
    private let store: any ReportStore
    private let listeners = Locked<(next: Int, streams: [Int: AsyncStream<Void>.Continuation])>((0, [:]))

    init(store: any ReportStore) {
        self.store = store
    }

    /// Rings on every change signal until the store's signals end, or the server stops.
    func run() async {
        let signals = await store.changeSignals()
        await cancelWhenGracefulShutdown {
            for await _ in signals { self.ring() }
        }
        finishAll()
    }

    /// A stream of rings for one listener, and the call that ends it (the client went away,
    /// the server stops); it also ends when the bell stops. An ended stream is forgotten.
    func listen() -> (rings: AsyncStream<Void>, stop: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = listeners.withLock { state in
            defer { state.next += 1 }
            state.streams[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.streams.removeValue(forKey: id) }
        }
        return (stream, { continuation.finish() })
    }

    /// How many listeners there are (for tests and metrics).
    var listenerCount: Int { listeners.withLock { $0.streams.count } }

    /// Tells every listener to look again.
    func ring() {
        for continuation in listeners.withLock({ Array($0.streams.values) }) { continuation.yield() }
    }

    private func finishAll() {
        for continuation in listeners.withLock({ Array($0.streams.values) }) { continuation.finish() }
    }
}
