import Hummingbird

/// Says who sent each request (``ServiceRequestContext/client``) before any other middleware
/// looks: the peer, or — from a trusted proxy — the client its `X-Forwarded-For`/`Forwarded`
/// names (``Client``).
struct ClientMiddleware: RouterMiddleware {
    let proxies: TrustedProxies

    func handle(
        _ request: Request, context: ServiceRequestContext,
        next: (Request, ServiceRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.client = Client(peer: context.remoteAddress, headers: request.headers, proxies: proxies)
        return try await next(request, context)
    }
}
