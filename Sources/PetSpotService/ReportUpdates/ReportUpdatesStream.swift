import AsyncAlgorithms
import Logging
import ReportStore

/// One alerts client's loop: the changes in its area after the last one it has, read from the
/// store's event log whenever the ``ReportChangeBell`` rings, merged with a `: heartbeat`
/// comment every `heartbeat` on the injected clock. Nothing is queued per client: a ring only
/// says "look again", and the log is read from the last sequence sent, so a slow client, a
/// reconnection with `Last-Event-ID` or a store that was briefly unreachable loses nothing
/// (within the log's 7 days).
enum ReportUpdatesStream {
    /// Events read from the log at a time.
    static let page = 200

    private enum Item: Sendable {
        case ring, heartbeat, ended
    }

    /// Writes the events after `after` in `area` (every event with no area), then each new
    /// one, until `rings` ends.
    ///
    /// - Throws: what `write` throws (the connection is gone).
    static func run(
        store: any ReportStore, rings: AsyncStream<Void>, area: ReportArea?, after: Int64, heartbeat: Duration,
        clock: some Clock<Duration>, logger: Logger, write: (String) async throws -> Void
    ) async throws {
        try await write("retry: 1000\n: connected\n\n")
        var last = after
        var behind = try await drain(store, area: area, after: &last, logger: logger, write: write)
        let items = merge(
            chain(rings.map { Item.ring }, [Item.ended].async),
            AsyncTimerSequence(interval: heartbeat, clock: clock).map { _ in Item.heartbeat })
        for await item in items {
            switch item {
            case .ring:
                behind = try await drain(store, area: area, after: &last, logger: logger, write: write)
            case .heartbeat:
                try await write(": heartbeat\n\n")
                // A log that could not be read is tried again at each heartbeat.
                if behind { behind = try await drain(store, area: area, after: &last, logger: logger, write: write) }
            case .ended:
                return
            }
        }
    }

    /// Writes every event after `last` that is in `area`, advancing `last`.
    ///
    /// - Returns: whether the log could not be read (the store is unreachable): try again.
    private static func drain(
        _ store: any ReportStore, area: ReportArea?, after last: inout Int64, logger: Logger,
        write: (String) async throws -> Void
    ) async throws -> Bool {
        while true {
            let events: [ReportEvent]
            do {
                events = try await store.events(after: last, limit: page)
            } catch {
                logger.warning("report alerts: the event log cannot be read", metadata: ["error": "\(error)"])
                return true
            }
            for event in events {
                last = event.sequence
                if let area {
                    guard let distance = area.distance(to: event) else { continue }
                    try await write(ReportEventFrame.text(event, distance: distance))
                } else {
                    try await write(ReportEventFrame.text(event, distance: nil))
                }
            }
            if events.count < page { return false }
        }
    }
}
