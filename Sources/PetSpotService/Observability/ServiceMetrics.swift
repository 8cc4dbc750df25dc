import CoreMetrics
public import Prometheus

/// What the service measures, through swift-metrics, exported in Prometheus' text format by
/// swift-prometheus on the metrics listener (`--metrics-port`, ``MetricsListener``).
///
/// | metric | kind | labels |
/// | --- | --- | --- |
/// | `http_server_requests_total` | counter | `http_route`, `http_request_method`, `http_response_status_code` |
/// | `http_server_request_duration_seconds` | histogram | the same |
/// | `http_server_request_errors_total` | counter | `http_route`, `http_request_method`, `error_type` (the status, 400 and above) |
/// | `http_server_active_requests` | gauge | `http_request_method` |
/// | `petspot_build_info` | gauge (1) | `version`, `commit` |
/// | `process_cpu_seconds_total`, `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_open_fds`, `process_max_fds`, `process_start_time_seconds` | counter, gauges | — |
/// | `petspot_connections_open`, `petspot_connections_max` | gauge | — |
/// | `petspot_event_stream_clients` | gauge | — |
/// | `petspot_location_provider_connected` | gauge (0 or 1) | `source` |
/// | `petspot_location_fixes_total` | counter | `source` |
/// | `petspot_location_fix_age_seconds` | gauge | `source` |
/// | `petspot_store_up` | gauge (0 or 1) | — |
/// | `petspot_store_calls_in_flight`, `petspot_store_connections_max` | gauge | — |
/// | `petspot_store_operation_duration_seconds` | histogram | `operation` |
/// | `petspot_store_errors_total` | counter | `operation` |
/// | `petspot_refusals_total` | counter | `reason`: `rateLimited`, `bodyBudget`, `scenarioRunsBusy`, `hostNotAllowed`, `bodyTimeout` |
///
/// The request metrics are ``RequestMetricsMiddleware``'s, with the names and labels of
/// OpenTelemetry's HTTP server conventions in Prometheus' spelling; the `process_*` ones are
/// read from `/proc` at each scrape (``ProcessMetrics``).
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

    /// The exposition of every metric now (`text/plain; version=0.0.4`): the registry's,
    /// after the gauges read at scrape time (the receiver's fix age), then `process_*`.
    public static func exposition() -> [UInt8] {
        FixAge.update()
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        buffer += Array(ProcessMetrics.exposition().utf8)
        return buffer
    }

    /// `petspot_build_info{version, commit} 1`: which petspot this is.
    public static func recordBuild(version: String, commit: String) {
        _ = registry
        Gauge(label: "petspot_build_info", dimensions: [("version", version), ("commit", commit)]).record(1)
    }

    /// `petspot_store_connections_max`: the most connections the reports store's engine keeps
    /// (PostgreSQL's pool; SQLite's writer and readers).
    public static func recordStoreConnections(maximum: Int) {
        _ = registry
        Gauge(label: "petspot_store_connections_max").record(maximum)
    }

    /// `petspot_store_up`: 1 while the reports store answers its health checks.
    static let storeUp = Gauge(label: "petspot_store_up")

    /// `petspot_store_calls_in_flight`: store calls running or waiting for a connection now.
    static let storeCallsInFlight = Meter(label: "petspot_store_calls_in_flight")

    /// A request refused by a limit, by ``Refusal`` reason.
    static func refused(_ reason: Refusal) {
        Counter(label: "petspot_refusals_total", dimensions: [("reason", reason.rawValue)]).increment()
    }

    /// Why a limit refused a request (the problem's `reason`).
    enum Refusal: String {
        case rateLimited, bodyBudget, scenarioRunsBusy, hostNotAllowed, bodyTimeout, contactRateLimited,
            messageRateLimited
    }

    /// `petspot_contact_reveals_total`: a report's contacts handed to someone who is neither its
    /// owner nor the operator (`GET /v1/reports/{id}/contact`): a harvest shows here first.
    static func revealedContacts() { Counter(label: "petspot_contact_reveals_total").increment() }

    /// Event-stream clients connected now.
    static let eventStreamClients = Meter(label: "petspot_event_stream_clients")

    /// Prometheus names for swift-metrics labels: every name and label name with anything but
    /// letters and digits as `_` (a dependency's `hb.requests` would be `hb_requests`).
    static func prometheusName(_ name: String, _ labels: [(String, String)]) -> (String, [(String, String)]) {
        (underscored(name), labels.map { (underscored($0.0), $0.1) })
    }

    /// The `# HELP` text of the metric called `name`.
    static func help(_ name: String) -> String {
        [
            "http_server_requests_total": "HTTP requests answered, by route, method and status.",
            "http_server_request_duration_seconds": "Time to answer an HTTP request, by route, method and status.",
            "http_server_request_errors_total":
                "HTTP requests answered with a status of 400 or above, by route, method and status.",
            "http_server_active_requests": "HTTP requests being answered now, by method.",
            "petspot_connections_open": "Client connections open now.",
            "petspot_connections_max": "The most client connections the server keeps open at once.",
            "petspot_event_stream_clients":
                "Clients of the event streams /v1/location/updates and /v1/reports/updates now.",
            "petspot_build_info": "1, labelled with the version of petspot and the commit it was built from.",
            "petspot_location_fix_age_seconds": "Seconds since the newest fix from the location source arrived.",
            "petspot_store_up": "1 while the reports store answers its health checks, 0 while it does not.",
            "petspot_store_calls_in_flight": "Reports store calls running or waiting for a connection now.",
            "petspot_store_connections_max":
                "The most connections the reports store keeps (PostgreSQL's pool; SQLite's writer and readers).",
            "petspot_location_provider_connected": "1 while the location source's provider is connected.",
            "petspot_location_fixes_total": "Fixes received from the location source.",
            "petspot_store_operation_duration_seconds": "Time of a reports store call, by operation.",
            "petspot_store_errors_total":
                "Reports store calls that failed (unreachable, or a store failure; not an unknown report), by operation.",
            "petspot_refusals_total": "Requests refused by a limit, by reason.",
        ][name] ?? "PetSpot's \(name)."
    }

    private static func underscored(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
    }
}
