import CoreMetrics
public import Prometheus

/// What the service measures, through swift-metrics, exported in Prometheus' text format by
/// swift-prometheus on the metrics listener (`--metrics-port`, ``MetricsListener``).
///
/// | metric | kind | labels |
/// | --- | --- | --- |
/// | `http_server_requests_total` | counter | `http_route`, `http_request_method`, `http_response_status_code` |
/// | `http_server_request_duration_seconds` | histogram | the same |
/// | `http_server_request_errors_total` | counter | `http_route`, `http_request_method`, `error_type` |
/// | `http_server_active_requests` | gauge | `http_request_method` |
/// | `petspot_connections_open`, `petspot_connections_max` | gauge | — |
/// | `petspot_event_stream_clients` | gauge | — |
/// | `petspot_location_provider_connected` | gauge (0 or 1) | `source` |
/// | `petspot_location_fixes_total` | counter | `source` |
/// | `petspot_store_operation_duration_seconds` | histogram | `operation` |
/// | `petspot_store_errors_total` | counter | `operation` |
/// | `petspot_refusals_total` | counter | `reason`: `rateLimited`, `bodyBudget`, `scenarioRunsBusy`, `hostNotAllowed`, `bodyTimeout` |
///
/// The request metrics are Hummingbird's `MetricsMiddleware`'s, renamed to Prometheus'
/// conventions (``prometheusName(_:_:)``).
public enum ServiceMetrics {
    /// The registry of this process: swift-metrics is bootstrapped with it the first time it
    /// is used (swift-metrics takes one backend per process).
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(
            PrometheusMetricsBackend(
                registry: registry,
                durationBuckets: [
                    .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
                    .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                    .milliseconds(500), .seconds(1), .milliseconds(2_500), .seconds(5), .seconds(10),
                ]))
        return registry
    }()

    /// The exposition of every metric now (`text/plain; version=0.0.4`).
    public static func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    /// A request refused by a limit, by ``Refusal`` reason.
    static func refused(_ reason: Refusal) {
        Counter(label: "petspot_refusals_total", dimensions: [("reason", reason.rawValue)]).increment()
    }

    /// Why a limit refused a request (the problem's `reason`).
    enum Refusal: String {
        case rateLimited, bodyBudget, scenarioRunsBusy, hostNotAllowed, bodyTimeout
    }

    /// Event-stream clients connected now.
    static let eventStreamClients = Meter(label: "petspot_event_stream_clients")

    /// Prometheus names for swift-metrics labels: Hummingbird's request metrics get the names
    /// Prometheus' conventions give them (`_total` for counters, the unit for histograms), and
    /// every name and label name has `.` as `_`.
    static func prometheusName(_ name: String, _ labels: [(String, String)]) -> (String, [(String, String)]) {
        let renamed =
            [
                "hb.requests": "http_server_requests_total", "hb.request.errors": "http_server_request_errors_total",
                "http.server.request.duration": "http_server_request_duration_seconds",
                "http.server.active_requests": "http_server_active_requests",
            ][name] ?? name
        return (underscored(renamed), labels.map { (underscored($0.0), $0.1) })
    }

    /// The `# HELP` text of the metric called `name`.
    static func help(_ name: String) -> String {
        [
            "http_server_requests_total": "HTTP requests answered, by route, method and status.",
            "http_server_request_duration_seconds": "Time to answer an HTTP request, by route, method and status.",
            "http_server_request_errors_total": "HTTP requests that failed with an error, by route, method and status.",
            "http_server_active_requests": "HTTP requests being answered now, by method.",
            "petspot_connections_open": "Client connections open now.",
            "petspot_connections_max": "The most client connections the server keeps open at once.",
            "petspot_event_stream_clients": "Clients of /v1/location/updates now.",
            "petspot_location_provider_connected": "1 while the location source's provider is connected.",
            "petspot_location_fixes_total": "Fixes received from the location source.",
            "petspot_store_operation_duration_seconds": "Time of a reports store call, by operation.",
            "petspot_store_errors_total": "Reports store calls that failed, by operation.",
            "petspot_refusals_total": "Requests refused by a limit, by reason.",
        ][name] ?? "PetSpot's \(name)."
    }

    private static func underscored(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
    }
}
