import Hummingbird
import PetSpotJSON

/// The per-client rate limit on requests that create or change something: every `POST`, `PUT`,
/// `PATCH` and `DELETE`, whatever its route — Submit report included — but the step API's
/// checks, which store nothing (an edit or Continue of a step that does not submit, the location
/// button, a photo's check, asked while a person types). Reading is never limited. The client is
/// ``ServiceRequestContext/client`` (after trusted proxies). Past the limit: 429 problem details
/// with `Retry-After`.
struct RateLimitMiddleware: RouterMiddleware {
    let limiter: RateLimiter

    func handle(
        _ request: Request, context: ServiceRequestContext,
        next: (Request, ServiceRequestContext) async throws -> Response
    ) async throws -> Response {
        guard Self.changes(request) else { return try await next(request, context) }
        guard let wait = limiter.take(context.client.rateKey) else {
            return try await next(request, context)
        }
        ServiceMetrics.refused(.rateLimited)
        let seconds = RateLimiter.retryAfterSeconds(wait)
        let limit = limiter.limit
        throw Problem(
            .tooManyRequests,
            detail:
                "Too many changes from your address: \(limit.perMinute) a minute (\(limit.burst) at once) are allowed; try again in \(seconds) s.",
            extensions: [("reason", "rateLimited")], headers: [.retryAfter: "\(seconds)"])
    }

    /// Whether `request` may create or change something: any change method, but the step API's
    /// checks (``isCheck(_:)``).
    static func changes(_ request: Request) -> Bool {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return false }
        return !isCheck(request.uri.path)
    }

    /// Whether `path` is one of the step API's checks, which store nothing: an edit or Continue
    /// of a step that is not a flow's last (`/v1/report-steps/{flow}/{step}`), the location
    /// button of any step (`…/{step}/location`), or a photo's check (`/v1/report-photos/{flow}`).
    /// Everything else — Submit report (the last step's `/v1/report-steps/{flow}/{step}`) among
    /// it — counts.
    static func isCheck(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "", "v1", "report-steps", flow, step[, "location"]
        switch (parts.count, parts.count > 2 ? parts[2] : "") {
        case (4, "report-photos"):
            return parts[1] == "v1"
        case (5, "report-steps"):
            return parts[1] == "v1" && !ReportStepsController.isSubmit(flow: String(parts[3]), step: String(parts[4]))
        case (6, "report-steps"):
            return parts[1] == "v1" && parts[5] == "location"
        default:
            return false
        }
    }
}
