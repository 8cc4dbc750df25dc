import Hummingbird
import PetSpotJSON

/// The per-client rate limit on requests that create or change something (`POST`, `PUT`,
/// `PATCH`, `DELETE`, but not the step API's checks of a step the pages ask while a person
/// types); reading is never limited. Past the limit: 429 problem details with `Retry-After`.
struct RateLimitMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let limiter: RateLimiter<ContinuousClock>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard Self.changes(request) else { return try await next(request, context) }
        guard let wait = limiter.take(RateLimiter<ContinuousClock>.clientKey(context.remoteAddress)) else {
            return try await next(request, context)
        }
        ServiceMetrics.refused(.rateLimited)
        let seconds = max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
        let limit = limiter.limit
        throw Problem(
            .tooManyRequests,
            detail:
                "Too many changes from your address: \(limit.perMinute) a minute (\(limit.burst) at once) are allowed; try again in \(seconds) s.",
            extensions: [("reason", "rateLimited")], headers: [.retryAfter: "\(seconds)"])
    }

    /// Whether `request` may create or change something.
    static func changes(_ request: Request) -> Bool {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return false }
        let path = request.uri.path
        return !path.hasPrefix("/v1/report-steps/") || path.hasSuffix("/submit")
    }
}
