import Hummingbird
import Location
import Logging
import NIOCore

/// `GET /v1/location/updates`: the source's live updates as Server-Sent Events
/// (`event: fix` / `event: state`, `data:` the JSON of `watch --json`), a `: heartbeat`
/// comment every ``heartbeat`` on ``clock``, and `event: state` with
/// `{"state":"dropped","count":N}` after a slow client missed updates. Every client shares the
/// one ``LocationService`` (one provider connection) and is one ``LocationEventStream`` loop;
/// a client that goes away is released at once (its loop is cancelled when the connection's
/// inbound side closes), and the streams end when the server shuts down.
struct LocationUpdatesController {
    let location: LocationSource
    let heartbeat: Duration
    let clock: any Clock<Duration>
    let bufferSize: Int
    let logger: Logger

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/v1/location/updates") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            guard let service = location.service else { throw LocationController.noSource }
            let heartbeat = self.heartbeat
            let clock = self.clock
            let bufferSize = self.bufferSize
            let logger = self.logger
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    logger.debug("event-stream client connected")
                    try? await request.body.consumeWithCancellationOnInboundClose { _ in
                        try await LocationEventStream.run(
                            service: service, heartbeat: heartbeat, clock: clock, bufferSize: bufferSize,
                            logger: logger
                        ) { text in
                            try await writer.write(ByteBuffer(string: text))
                        }
                    }
                    logger.debug("event-stream client released")
                    try? await writer.finish(nil)
                })
        }
    }
}
