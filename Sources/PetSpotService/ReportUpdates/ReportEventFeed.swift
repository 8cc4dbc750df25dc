import Geodata
import Locking
import Logging
import ReportStore
import ServiceLifecycle

/// The store's event log, read once for every alerts client of this server
/// (`/v1/reports/updates`): a `Service` of the server's group and the one consumer of the
/// store's ``ReportStore/changeSignals()`` (PostgreSQL `LISTEN`, so changes made through any
/// server; SQLite: this process's own).
///
/// At each signal it reads the events after the last it has (one query, whatever the number of
/// clients), keeps the latest in ``RecentEvents``, and rings only the clients the new events
/// concern: those that watch no area and those whose area may hold one (found through a
/// ``ListenerIndex`` of one-degree cells, then ``ReportArea/mayContain(_:)``, a cheap bound). A client then takes the events from memory (``events(after:limit:)``); one
/// whose last event is older than what is kept reads the log itself. So a write costs the same
/// with 0 or 10,000 idle listeners: no query per listener, and no wake-up of one whose area the
/// change is not in. At every heartbeat it reads the log too: a change another process made to
/// an SQLite store sends no signal, and a read that failed (the store was away) is tried again.
///
/// ```swift
/// let feed = ReportEventFeed(store: store, heartbeat: heartbeat, logger: logger)  // in the ServiceGroup
/// let (rings, stop) = feed.listen(area: area)     // one per event-stream client
/// ```
final class ReportEventFeed: Service {
    private struct Listener {
        let rings: ReportRings
        let area: ReportArea?
    }

    private struct State {
        var recent: RecentEvents
        var listeners = ListenerIndex<Listener>()
        var next = 0
        /// Whether the last read of the log failed (or none was made yet).
        var behind = true
    }

    /// Events read from the log at a time.
    static let page = 200

    private let store: any ReportStore
    /// Alerts are public: every event is kept and handed out as a stranger sees it (a missing
    /// report's place its cell's centre), so which area an event falls in says no more.
    let publicLocation: PublicLocation
    private let heartbeat: EventStreamHeartbeat
    private let logger: Logger
    private let state: Locked<State>
    /// The feed's own wake-ups: `.change` for a store signal, `.heartbeat` to retry a failed read.
    private let wakes = ReportRings()

    init(
        store: any ReportStore, heartbeat: EventStreamHeartbeat, logger: Logger, capacity: Int = 4096,
        publicLocation: PublicLocation = PublicLocation()
    ) {
        self.store = store
        self.publicLocation = publicLocation
        self.heartbeat = heartbeat
        self.logger = logger
        state = Locked(State(recent: RecentEvents(capacity: capacity)))
    }

    /// Reads the log at every change signal until the store's signals end or the server stops.
    func run() async {
        let signals = await store.changeSignals()
        let wakes = self.wakes
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in signals { wakes.ring() }
                wakes.end()
            }
            await cancelWhenGracefulShutdown {
                await self.heartbeat.beating({ wakes.beat() }) {
                    await self.catchUp()
                    // Every heartbeat too: a change another process made to an SQLite store (the
                    // CLI beside the server) sends this process no signal, and a failed read is tried
                    // again. One query a heartbeat, whatever the number of clients.
                    for await _ in wakes { await self.catchUp() }
                }
            }
            group.cancelAll()
        }
        for listener in state.withLock({ Array($0.listeners.all) }) { listener.rings.end() }
    }

    /// The rings of one client watching `area` (every change: `nil`), and the call that ends them
    /// and forgets the client; they also end when the feed stops.
    func listen(area: ReportArea?) -> (rings: ReportRings, stop: @Sendable () -> Void) {
        let rings = ReportRings()
        let id = state.withLock { state in
            defer { state.next += 1 }
            state.listeners.insert(Listener(rings: rings, area: area), id: state.next, area: area)
            return state.next
        }
        let stop: @Sendable () -> Void = { [weak self] in
            rings.end()
            self?.state.withLock { $0.listeners.remove(id: id) }
        }
        return (rings, stop)
    }

    /// How many clients listen (for tests and metrics).
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// The last event read from the log, once the feed has started.
    var lastSequence: Int64? { state.withLock { $0.recent.last } }

    /// The kept events after `sequence`, at most `limit`, with each one's frame for clients that
    /// watch no area; `nil` when `sequence` is older than what is kept (or the feed has not
    /// started): read the store's log.
    func entries(after sequence: Int64, limit: Int) -> [RecentEvents.Entry]? {
        state.withLock { $0.recent.entries(after: sequence, limit: limit).map(Array.init) }
    }

    /// Reads every event after the last one read and rings the clients they concern.
    private func catchUp() async {
        do throws(ReportStoreError) {
            if state.withLock({ $0.recent.last == nil }) {
                let end = try await store.latestEventSequence()
                state.withLock { $0.recent.begin(at: end) }
            }
            while let last = state.withLock({ $0.recent.last }) {
                let read = try await store.events(after: last, limit: Self.page)
                let events = read.map(publicLocation.publicView(of:))
                let places = events.compactMap(\.coordinate)
                let listeners = state.withLock { state -> [Listener] in
                    state.recent.append(events)
                    state.behind = false
                    return events.isEmpty ? [] : state.listeners.candidates(near: places)
                }
                await ring(listeners, for: places)
                if events.count < Self.page { return }
            }
        } catch {
            let wasBehind = state.withLock { state in
                defer { state.behind = true }
                return state.behind
            }
            if !wasBehind {
                logger.warning("report alerts: the event log cannot be read", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Clients rung before the feed lets other work run: each rung client's write goes to its
    /// connection's event loop, and a request answered on that loop waits behind the writes
    /// queued there, so a change is handed out a batch at a time.
    static let ringBatch = 64

    private func ring(_ listeners: [Listener], for places: [Coordinate]) async {
        var rung = 0
        for listener in listeners {
            if let area = listener.area, !places.contains(where: area.mayContain) { continue }
            listener.rings.ring()
            rung += 1
            if rung % Self.ringBatch == 0 { await Task.yield() }
        }
    }
}
