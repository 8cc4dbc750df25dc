import CoreMetrics
import Hummingbird
import ServiceLifecycle

/// One client of a Server-Sent Events route (`GET /v1/location/updates`,
/// `GET /v1/reports/updates`), run the same way for both: counted in
/// `petspot_event_stream_clients` while it is served, and ended when it goes away or the
/// server shuts down.
enum EventStreamClient {
    /// A `200` of `text/event-stream`, never cached, whose body `write` writes.
    static func response(_ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody(write))
    }

    /// Runs `stream`, which writes the client's events until `end` is called: when the
    /// request's inbound side closes (the client went away) or on the graceful shutdown.
    /// Returns when `stream` does; a thrown error ends the client like a return.
    static func serve(
        _ request: Request, end: @escaping @Sendable () -> Void, stream: () async throws -> Void
    ) async {
        ServiceMetrics.eventStreamClients.increment()
        defer { ServiceMetrics.eventStreamClients.decrement() }
        try? await request.body.consumeWithInboundCloseHandler { _ in
            try await withGracefulShutdownHandler {
                try await stream()
            } onGracefulShutdown: {
                end()
            }
        } onInboundClosed: {
            end()
        }
    }
}
