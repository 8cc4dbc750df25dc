import Locking
import ReportStore
import ServiceLifecycle

/// Rings every listener after the store says something changed: the one consumer of the
/// store's ``ReportStore/changeSignals()`` (PostgreSQL `LISTEN`, so changes made through any
/// server; SQLite: this process's own), a `Service` of the server's group.
///
/// A listener's ``ReportRings`` holds at most one ring: rings while a client is busy writing
/// coalesce into one, so a slow client costs one flag, never a queue. A ring says only "look
/// again"; what changed is read from the store's event log
/// (``ReportStore/events(after:limit:)``), which is what makes `Last-Event-ID` lossless.
///
/// ```swift
/// let bell = ReportChangeBell(store: store)      // in the ServiceGroup
/// let (rings, stop) = bell.listen()              // one per event-stream client
/// for await ring in rings { /* .change: read events after the last one sent */ }
/// ```
final class ReportChangeBell: Service {
    private let store: any ReportStore
    private let listeners = Locked<(next: Int, rings: [Int: ReportRings])>((0, [:]))

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

    /// The rings of one listener, and the call that ends them and forgets the listener (the
    /// client went away, the server stops); they also end when the bell stops.
    func listen() -> (rings: ReportRings, stop: @Sendable () -> Void) {
        let rings = ReportRings()
        let id = listeners.withLock { state in
            defer { state.next += 1 }
            state.rings[state.next] = rings
            return state.next
        }
        let stop: @Sendable () -> Void = { [weak self] in
            rings.end()
            _ = self?.listeners.withLock { $0.rings.removeValue(forKey: id) }
        }
        return (rings, stop)
    }

    /// How many listeners there are (for tests and metrics).
    var listenerCount: Int { listeners.withLock { $0.rings.count } }

    /// Tells every listener to look again.
    func ring() {
        for rings in listeners.withLock({ Array($0.rings.values) }) { rings.ring() }
    }

    private func finishAll() {
        for rings in listeners.withLock({ Array($0.rings.values) }) { rings.end() }
    }
}
