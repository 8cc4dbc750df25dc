import CoreMetrics
import Hummingbird
import Locking

/// The request metrics, measured outside the problem-details middleware so that they see
/// every answer as the client gets it: `http_server_requests_total` and
/// `http_server_request_duration_seconds` by route, method and status (errors included), and
/// `http_server_request_errors_total` only for answers of 400 and above, `error_type` being the
/// status; `http_server_active_requests` by method.
///
/// The route is the matched route's template (`/v1/reports/{id}`); a known path asked with a
/// method it does not take is its template with status 405; a path no route has is
/// `NotFound`, so clients cannot make new series by making up paths.
///
/// In place of Hummingbird's `MetricsMiddleware`, which sits inside the problem-details
/// middleware: it counted a 405 as route `NotFound` with status 404, gave failed requests no
/// duration, and made an error counter for every successful series (`error_type="200"`).
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes, to name a 405's route.
    let routes: RouteIndex
    private let cache = MetricsCache()

    init(routes: RouteIndex) {
        self.routes = routes
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let active = cache.active(request.method.rawValue)
        active.increment()
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            active.decrement()
            throw error
        }
        // Hummingbird names a request no route took `NotFound`, a 405 included.
        let route =
            (response.status == .methodNotAllowed ? routes.template(for: request.uri.path) : context.endpointPath)
            ?? "NotFound"
        let series = cache.series(route: route, method: request.method.rawValue, status: response.status.code)
        return response.whenSent(method: request.method) { _ in
            series.requests.increment()
            series.duration.recordInterval(since: start)
            series.errors?.increment()
            active.decrement()
        }
    }
}

/// The metrics of each route, method and status, made once.
private final class MetricsCache: Sendable {
    struct Series: Sendable {
        let requests: Counter
        let duration: Timer
        /// Only for statuses of 400 and above.
        let errors: Counter?
    }

    private let series = Locked([String: Series]())
    private let actives = Locked([String: Meter]())

    func active(_ method: String) -> Meter {
        actives.withLock { meters in
            if let meter = meters[method] { return meter }
            let meter = Meter(label: "http_server_active_requests", dimensions: [("http_request_method", method)])
            meters[method] = meter
            return meter
        }
    }

    func series(route: String, method: String, status: Int) -> Series {
        let key = "\(method) \(status) \(route)"
        return series.withLock { series in
            if let found = series[key] { return found }
            let labels = [("http_route", route), ("http_request_method", method)]
            let made = Series(
                requests: Counter(
                    label: "http_server_requests_total",
                    dimensions: labels + [("http_response_status_code", "\(status)")]
                ),
                duration: Timer(
                    label: "http_server_request_duration_seconds",
                    dimensions: labels + [("http_response_status_code", "\(status)")]),
                errors: status >= 400
                    ? Counter(
                        label: "http_server_request_errors_total", dimensions: labels + [("error_type", "\(status)")])
                    : nil)
            series[key] = made
            return made
        }
    }
}
