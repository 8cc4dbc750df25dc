import Location
import Logging

/// One event-stream client's queue: the shared service's updates as Server-Sent Events,
/// with a comment heartbeat, in a bounded buffer of its own.
///
/// A client that reads slowly loses its oldest events (newest wins, logged once per drop
/// burst) and never slows the service or the other clients; ending the stream (the client
/// went away, the server shuts down) stops its service subscription at once.
struct LocationEventStream: Sendable {
    /// One piece of the stream, already in SSE framing.
    let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    /// A stream over `service`'s updates, with a `: heartbeat` comment every `heartbeat`.
    ///
    /// - Parameter bufferSize: events kept for a client that reads slowly.
    init(service: LocationService, heartbeat: Duration, bufferSize: Int, logger: Logger) {
        let (events, continuation) = AsyncStream.makeStream(
            of: String.self, bufferingPolicy: .bufferingNewest(max(1, bufferSize)))
        self.events = events
        self.continuation = continuation
        continuation.yield(": connected\n\n")
        let forwarder = Task {
            var dropping = false
            for await update in service.updates {
                let result = continuation.yield(Self.frame(update))
                if case .dropped = result {
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
                continuation.yield(": heartbeat\n\n")
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
