import AsyncAlgorithms
import Location
import Logging

/// One event-stream client as one loop: the shared service's updates and a heartbeat on an
/// injected clock, merged (swift-async-algorithms' `merge`), each written as Server-Sent
/// Events as it comes. The event text of an update is made once for all clients
/// (``EventFrames``).
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
/// try await LocationEventStream.run(
///     service: service, heartbeat: .seconds(15), clock: ContinuousClock(), bufferSize: 32, ending: ending,
///     frames: frames, logger: logger
/// ) { text in try await writer.write(ByteBuffer(string: text)) }
/// ```
enum LocationEventStream {
    /// What the loop writes next.
    enum Item: Sendable {
        /// An update, and how many updates the client missed just before it.
        case update(LocationUpdate, missed: Int)
        /// The client's updates ended: `ending` ended them, or the source ran out.
        case ended
        /// Time for a `: heartbeat` comment.
        case heartbeat
    }

    /// Writes `: connected`, then every update and a `: heartbeat` comment every `heartbeat` on
    /// `clock`, with `write`, until the loop ends (see ``LocationEventStream``).
    ///
    /// - Parameters:
    ///   - bufferSize: updates kept for a client that reads slowly.
    ///   - ending: ends the client's updates, and with them the loop.
    ///   - frames: the event texts every client shares.
    /// - Throws: what `write` throws (the connection is gone).
    static func run(
        service: LocationService, heartbeat: Duration, clock: some Clock<Duration>, bufferSize: Int,
        ending: UpdatesEnding, frames: EventFrames, logger: Logger, write: (String) async throws -> Void
    ) async throws {
        try await write(": connected\n\n")
        let updates = service.updates(bufferSize: max(1, bufferSize), endedBy: ending) {
            logger.warning("event-stream client is behind; dropping its oldest updates")
        }
        let items = merge(
            CountedUpdates(updates: updates),
            AsyncTimerSequence(interval: heartbeat, clock: clock).map { _ in Item.heartbeat })
        for await item in items {
            switch item {
            case .update(let update, let missed):
                try await write(text(update, missed: missed, frames: frames))
            case .heartbeat:
                try await write(": heartbeat\n\n")
            case .ended:
                return
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
