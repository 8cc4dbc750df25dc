import CoreMetrics
import Hummingbird
import Location
import Logging
import NIOCore
import ServiceLifecycle

/// `GET /v1/location/updates`: the source's live updates as Server-Sent Events
/// (`event: fix` / `event: state`, `data:` the JSON of `watch --json`), a `: heartbeat`
/// comment at every beat of the server's ``heartbeat`` timer, and `event: state` with
/// `{"state":"dropped","count":N}` after a slow client missed updates. Every client shares the
/// one ``LocationService`` (one provider connection) and is one ``LocationEventStream`` loop;
/// a client that goes away is released at once (the connection's inbound side closing ends its
/// updates, and with them the loop), and the streams end when the server shuts down (the same
/// way, on the graceful shutdown).
struct LocationUpdatesController {
    let location: LocationSource
    /// Who may have the server's own position.
    let access: LocationAccess
    /// The timer that wakes every client for its `: heartbeat` (a service of the application).
    let heartbeat: EventStreamHeartbeat
    let bufferSize: Int
    let logger: Logger
    /// Each update's event text, made once for every client.
    let frames = EventFrames()

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/location/updates") { request, context -> Response in
            _ = try Query(request, allowed: [])
            try access.check(request, from: context.client)
            guard let service = location.service else { throw LocationController.noSource }
            let heartbeat = self.heartbeat
            let bufferSize = self.bufferSize
            let logger = self.logger
            let frames = self.frames
            return EventStreamClient.response { writer in
                let ending = UpdatesEnding()
                logger.debug("event-stream client connected")
                await heartbeat.beating({ ending.wake() }) {
                    await EventStreamClient.serve(request, end: { ending.end() }) {
                        try await LocationEventStream.run(
                            service: service, bufferSize: bufferSize, ending: ending, frames: frames, logger: logger
                        ) { text in
                            try await writer.write(ByteBuffer(string: text))
                        }
                    }
                }
                logger.debug("event-stream client released")
                try? await writer.finish(nil)
            }
        }
    }
}
