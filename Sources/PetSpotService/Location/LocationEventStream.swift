import Location
import Logging

/// One event-stream client's queue: the shared service's updates as Server-Sent Events,
/// with a comment heartbeat, in a bounded buffer of its own.
///
/// A client that reads slowly loses its oldest events (newest wins, logged once per drop
/// burst) and never slows the service or the other clients; before the first update after
/// a gap it gets `event: state` with `data: {"state":"dropped","count":N}` (as
/// `watch --json` says it), so it knows how many it missed. Ending the stream (the client
/// went away, the server shuts down) stops its service subscription at once.
struct LocationEventStream: Sendable {
    /// One piece of the stream, already in SSE framing.
    struct Event: Sendable {
        /// The SSE text: an event, or a comment.
        var text: String
        /// For an update, its number among the updates the service had for this client
        /// (1, 2, …, counting those the service itself dropped); `nil` for a comment.
        var sequence: Int?
    }

    /// Announces gaps in a client's updates: ``text(for:)`` puts the `dropped` state event
    /// before the first update after missing ones.
    struct Gaps {
        /// The sequence number of the last update written.
        private var delivered = 0

        /// `event`'s text, preceded by a `dropped` state event when updates are missing
        /// before it.
        mutating func text(for event: Event) -> String {
            guard let sequence = event.sequence else { return event.text }
            defer { delivered = sequence }
            let missed = sequence - delivered - 1
            guard missed > 0 else { return event.text }
            return "event: state\ndata: \(LocationJSON.dropped(count: missed))\n\n" + event.text
        }
    }

    /// The client's events, oldest first; when it falls behind the oldest are dropped.
    let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    /// A stream over `service`'s updates, with a `: heartbeat` comment every `heartbeat`.
    ///
    /// - Parameter bufferSize: events kept for a client that reads slowly.
    init(service: LocationService, heartbeat: Duration, bufferSize: Int, logger: Logger) {
        let (events, continuation) = AsyncStream.makeStream(
            of: Event.self, bufferingPolicy: .bufferingNewest(max(1, bufferSize)))
        self.events = events
        self.continuation = continuation
        continuation.yield(Event(text: ": connected\n\n"))
        let forwarder = Task {
            var updates = service.updates.makeAsyncIterator()
            var taken = 0
            var dropping = false
            while let update = await updates.next() {
                taken += 1
                let event = Event(text: Self.frame(update), sequence: taken + updates.droppedUpdates)
                if case .dropped = continuation.yield(event) {
                    if !dropping { logger.warning("event-stream client is behind; dropping its oldest updates") }
                    dropping = true
                } else {
                    dropping = false
                }
            }
            continuation.finish()
        }
        let heartbeats = Task {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: heartbeat)
                } catch {
                    return
                }
                continuation.yield(Event(text: ": heartbeat\n\n"))
            }
        }
        continuation.onTermination = { _ in
            forwarder.cancel()
            heartbeats.cancel()
        }
    }

    /// Ends the stream: the client went away or the server is shutting down.
    func finish() {
        continuation.finish()
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
