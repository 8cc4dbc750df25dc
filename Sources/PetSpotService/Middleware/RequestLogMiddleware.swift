import Hummingbird
import Logging

/// Logs every request at `info` once it is answered: `method`, `path`, `status`,
/// `duration_ms`, `client` (``ServiceRequestContext/client``: after `--trusted-proxy`) and `bytes` (the body
/// bytes sent), with the request's id (``RequestIDMiddleware``). Numbers are logged as
/// numbers, so JSON logs carry `"status": 200`.
///
/// An answer whose length is known is logged when it is handed over; one written as it goes
/// (an event stream) when its body ends, however it ends, with the bytes written and the time
/// until then (``Response/whenSent(method:_:)``).
struct RequestLogMiddleware: RouterMiddleware {
    func handle(
        _ request: Request, context: ServiceRequestContext,
        next: (Request, ServiceRequestContext) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let logger = context.logger
        let method = request.method.rawValue
        let path = request.uri.path
        let status = response.status.code
        let client = context.client.description
        return response.whenSent(method: request.method) { bytes in
            let elapsed = start.duration(to: .now)
            let milliseconds =
                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            logger.info(
                "request",
                metadata: [
                    "method": "\(method)", "path": "\(path)", "status": .stringConvertible(status),
                    "duration_ms": .stringConvertible((milliseconds * 1000).rounded() / 1000),
                    "client": "\(client)", "bytes": .stringConvertible(bytes),
                ])
        }
    }
}
