import CoreMetrics
import Hummingbird
import Location
import Logging
import NIOCore
import ServiceLifecycle

/// `GET /v1/location/updates`: the source's live updates as Server-Sent Events
/// (`event: fix` / `event: state`, `data:` the JSON of `watch --json`), a `: heartbeat`
/// comment every ``heartbeat``, and `event: state` with `{"state":"dropped","count":N}` after
/// a slow client missed updates. Every client shares the one ``LocationService`` (one
/// provider connection); a client that goes away is released at once, and the streams end
/// when the server shuts down.
struct LocationUpdatesController {
    let location: LocationSource
    /// Who may have the server's own position.
    let access: LocationAccess
    let heartbeat: Duration
    let bufferSize: Int
    let logger: Logger

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/location/updates") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            try access.check(request)
            guard let service = location.service else { throw LocationController.noSource }
            let heartbeat = self.heartbeat
            let bufferSize = self.bufferSize
            let logger = self.logger
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    let stream = LocationEventStream(
                        service: service, heartbeat: heartbeat, bufferSize: bufferSize, logger: logger)
                    logger.debug("event-stream client connected")
                    ServiceMetrics.eventStreamClients.increment()
                    defer {
                        stream.finish()
                        ServiceMetrics.eventStreamClients.decrement()
                    }
                    try? await request.body.consumeWithInboundCloseHandler { _ in
                        try await withGracefulShutdownHandler {
                            var gaps = LocationEventStream.Gaps()
                            for await event in stream.events {
                                try await writer.write(ByteBuffer(string: gaps.text(for: event)))
                            }
                        } onGracefulShutdown: {
                            stream.finish()
                        }
                    } onInboundClosed: {
                        stream.finish()
                    }
                    logger.debug("event-stream client released")
                    try? await writer.finish(nil)
                })
        }
    }
}
