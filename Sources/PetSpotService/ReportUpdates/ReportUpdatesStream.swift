import Logging
import NIOCore
import ReportStore

/// One alerts client's loop, in one task: the changes in its area after the last one it has,
/// taken from the server's ``ReportEventFeed`` whenever it rings (from the store's event log
/// when the client is further behind than the feed keeps: a `Last-Event-ID` from long ago), and
/// a `: heartbeat` comment whenever the server's ``EventStreamHeartbeat`` beats — both taken from
/// the client's ``ReportRings``. Nothing is queued per client: a ring only says "look again",
/// and the events are read from the last sequence sent, so a slow client, a reconnection with
/// `Last-Event-ID` or a store that was briefly unreachable loses nothing (within the log's 7 days).
enum ReportUpdatesStream {
    /// Events taken at a time.
    static let page = 200

    /// The heartbeat comment, made once.
    static let heartbeat = ByteBuffer(string: ": heartbeat\n\n")

    /// Writes the events after `after` in `area` (every event with no area), then each new
    /// one, and `: heartbeat` at each beat, until `rings` ends.
    ///
    /// - Throws: what `write` throws (the connection is gone).
    static func run(
        feed: ReportEventFeed, store: any ReportStore, rings: ReportRings, area: ReportArea?, after: Int64,
        logger: Logger, write: (ByteBuffer) async throws -> Void
    ) async throws {
        try await write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
        var last = after
        var behind = try await drain(feed, store, area: area, after: &last, logger: logger, write: write)
        for await ring in rings {
            switch ring {
            case .change:
                behind = try await drain(feed, store, area: area, after: &last, logger: logger, write: write)
            case .heartbeat:
                try await write(heartbeat)
                // A log that could not be read is tried again at each heartbeat.
                if behind {
                    behind = try await drain(feed, store, area: area, after: &last, logger: logger, write: write)
                }
            }
        }
    }

    /// Writes every event after `last` that is in `area`, advancing `last`: from the feed, else
    /// (further behind than it keeps) from the store's log until the feed has the rest.
    ///
    /// - Returns: whether the log could not be read (the store is unreachable): try again.
    private static func drain(
        _ feed: ReportEventFeed, _ store: any ReportStore, area: ReportArea?, after last: inout Int64,
        logger: Logger, write: (ByteBuffer) async throws -> Void
    ) async throws -> Bool {
        while true {
            if let entries = feed.entries(after: last, limit: page) {
                for entry in entries {
                    last = entry.event.sequence
                    try await send(entry.event, frame: entry.frame, area: area, write: write)
                }
                if entries.count < page { return false }
                continue
            }
            let events: [ReportEvent]
            do {
                events = try await store.events(after: last, limit: page).map(feed.publicLocation.publicView(of:))
            } catch {
                logger.warning("report alerts: the event log cannot be read", metadata: ["error": "\(error)"])
                return true
            }
            for event in events {
                last = event.sequence
                try await send(event, frame: nil, area: area, write: write)
            }
            if events.count < page { return false }
        }
    }

    /// Writes `event` when it is in `area` (always without one), its `frame` when it was made.
    private static func send(
        _ event: ReportEvent, frame: ByteBuffer?, area: ReportArea?, write: (ByteBuffer) async throws -> Void
    ) async throws {
        guard let area else {
            try await write(frame ?? ByteBuffer(string: ReportEventFrame.text(event, distance: nil)))
            return
        }
        guard let distance = area.distance(to: event) else { return }
        try await write(ByteBuffer(string: ReportEventFrame.text(event, distance: distance)))
    }
}
