import Location
import Logging

/// One event-stream client as one loop in one task: the shared service's updates and the
/// heartbeat, taken from one place — the client's own mailbox in the service — and written as
/// Server-Sent Events as they come. The heartbeat is the server's one timer
/// (``EventStreamHeartbeat``, on the injected clock), which wakes the client through its
/// `ending` (``UpdatesEnding/wake()``): the mailbox then hands out a wake once no update is
/// waiting, and the loop writes `: heartbeat`. The event text of an update is made once for all
/// clients (``EventFrames``).
///
/// The client's updates wait in one bounded buffer, its own consumer buffer in the service
/// (`bufferSize`, newest wins). While a slow client's write is stuck the loop takes nothing, so
/// that buffer fills and the oldest fixes are dropped there and counted — the service's own
/// count, ``LocationUpdates/AsyncIterator/droppedUpdates``, is the only one — and the drop is
/// logged the moment it starts, once per run of drops. Before the first update after a gap
/// the client gets `event: state` with `data: {"state":"dropped","count":N}` (as
/// `watch --json` says it). A slow client never slows the service or the other clients.
///
/// The loop ends when `ending` ends the client's updates (the client went away, the server
/// began a graceful shutdown), when the service's updates end, or when the task is cancelled;
/// leaving it ends the client's subscription at once.
///
/// ```swift
/// let ending = UpdatesEnding()    // ending.end() when the client goes away
/// try await heartbeat.beating({ ending.wake() }) {
///     try await LocationEventStream.run(
///         service: service, bufferSize: 32, ending: ending, frames: frames, logger: logger
///     ) { text in try await writer.write(ByteBuffer(string: text)) }
/// }
/// ```
enum LocationEventStream {
    /// Writes `: connected`, then every update, and `: heartbeat` whenever `ending` is woken,
    /// with `write`, until the loop ends (see ``LocationEventStream``).
    ///
    /// - Parameters:
    ///   - bufferSize: updates kept for a client that reads slowly.
    ///   - ending: ends the client's updates, and with them the loop; its wakes are heartbeats.
    ///   - frames: the event texts every client shares.
    /// - Throws: what `write` throws (the connection is gone).
    static func run(
        service: LocationService, bufferSize: Int, ending: UpdatesEnding, frames: EventFrames, logger: Logger,
        write: (String) async throws -> Void
    ) async throws {
        try await write(": connected\n\n")
        let updates = service.updates(bufferSize: max(1, bufferSize), endedBy: ending) {
            logger.warning("event-stream client is behind; dropping its oldest updates")
        }
        for await item in updates.withWakes {
            switch item {
            case .update(let update, let missed):
                try await write(text(update, missed: missed, frames: frames))
            case .wake:
                try await write(": heartbeat\n\n")
            }
        }
    }

    /// `update`'s event, after a `dropped` state event when updates were missed before it.
    static func text(_ update: LocationUpdate, missed: Int, frames: EventFrames) -> String {
        guard missed > 0 else { return frames.frame(update) }
        return "event: state\ndata: \(LocationJSON.dropped(count: missed))\n\n" + frames.frame(update)
    }

    /// `event: fix` or `event: state`, and `data:` the JSON of `locate --json` /
    /// `watch --json`.
    static func frame(_ update: LocationUpdate) -> String {
        if let fix = update.fix {
            return "event: fix\ndata: \(LocationJSON.fix(fix))\n\n"
        }
        return "event: state\ndata: \(LocationJSON.state(update))\n\n"
    }
}
