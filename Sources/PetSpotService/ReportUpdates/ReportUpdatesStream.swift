import Logging
import ReportStore

/// One alerts client's loop, in one task: the changes in its area after the last one it has,
/// read from the store's event log whenever the ``ReportChangeBell`` rings, and a `: heartbeat`
/// comment whenever the server's ``EventStreamHeartbeat`` beats — both taken from the client's
/// ``ReportRings``. Nothing is queued per client: a ring only says "look again", and the log is
/// read from the last sequence sent, so a slow client, a reconnection with `Last-Event-ID` or a
/// store that was briefly unreachable loses nothing (within the log's 7 days).
enum ReportUpdatesStream {
    /// Events read from the log at a time.
    static let page = 200

    /// Writes the events after `after` in `area` (every event with no area), then each new
    /// one, and `: heartbeat` at each beat, until `rings` ends.
    ///
    /// - Throws: what `write` throws (the connection is gone).
    static func run(
        store: any ReportStore, rings: ReportRings, area: ReportArea?, after: Int64, logger: Logger,
        write: (String) async throws -> Void
    ) async throws {
        try await write("retry: 1000\n: connected\n\n")
        var last = after
        var behind = try await drain(store, area: area, after: &last, logger: logger, write: write)
        for await ring in rings {
            switch ring {
            case .change:
                behind = try await drain(store, area: area, after: &last, logger: logger, write: write)
            case .heartbeat:
                try await write(": heartbeat\n\n")
                // A log that could not be read is tried again at each heartbeat.
                if behind { behind = try await drain(store, area: area, after: &last, logger: logger, write: write) }
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
