import Hummingbird
import Logging

/// Logs every request at `info` once it is answered: method, path, status and duration
/// (for an event stream, the duration of the response head, not of the stream), with the
/// request's id (``RequestIDMiddleware``).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "method": "\(request.method.rawValue)", "path": "\(request.uri.path)",
                "status": "\(response.status.code)", "duration_ms": "\((milliseconds * 1000).rounded() / 1000)",
            ])
        return response
    }
}
