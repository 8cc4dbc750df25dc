import Foundation
import LocationTestSupport
import Testing

/// `/metrics` after real traffic: requests, an event stream, an unknown report, a wrong
/// method, a refusal; in Prometheus' text format as `promtool check metrics` (Debian's
/// `prometheus`) reads it, and never on the public listener. Each metric means what it says: an
/// unknown report is no store error, a 405 is its route's 405, error answers are timed too.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct MetricsTests {
    typealias Server = ServeCommandTests.Server

    @Test func aScrapeAfterRealTrafficPassesPromtoolAndItsCountersMove() async throws {
        let server = try Server([
            "--scenario", "accuracy-improving", "--metrics-port", "0", "--log-level", "error", "--rate-limit", "6",
            "--rate-burst", "1",
        ])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let metricsPort = try #require(await server.metricsPort(), "\(server.output)")
        let client = TestServer(port: port)
        let metrics = TestServer(port: metricsPort)
        // Not on the public listener.
        #expect(try await client.request("/metrics").status == 404)
        for _ in 0..<3 { #expect(try await client.request("/healthz").status == 200) }
        let before = try await metrics.request("/metrics").body
        // Traffic: requests, an unknown report, a wrong method, a refusal, an event stream.
        for _ in 0..<5 { _ = try await client.request("/healthz") }
        #expect(try await client.request("/v1/reports/no-such-report").status == 404)
        #expect(try await client.request("DELETE", "/healthz").status == 405)
        #expect(try await client.request("/v1/reports").status == 200)
        _ = try await client.request("POST", "/v1/scenarios/default/run")
        #expect(try await client.request("POST", "/v1/scenarios/default/run").status == 429)
        let stream = EventStreamClient(url: client.url("/v1/location/updates"))
        defer { stream.close() }
        #expect(await stream.wait(hangGuard) { $0.fixCount > 0 })
        let after = try await metrics.request("/metrics")
        #expect(after.status == 200)
        #expect(after.header("content-type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let healthz =
            #"http_server_requests_total{http_route="/healthz",http_request_method="GET",http_response_status_code="200"}"#
        #expect(try Self.value(healthz, in: after.body) - Self.value(healthz, in: before) >= 5)
        // An unknown report is the store answering, not failing; its 404 is timed.
        #expect(!after.body.contains("petspot_store_errors_total{"), "\(after.body)")
        #expect(
            try Self.value(
                #"http_server_request_duration_seconds_count{http_route="/v1/reports/{id}",http_request_method="GET",http_response_status_code="404"}"#,
                in: after.body) >= 1)
        // A known path with another method is that route's 405, not an unknown path's 404.
        #expect(
            try Self.value(
                #"http_server_requests_total{http_route="/healthz",http_request_method="DELETE",http_response_status_code="405"}"#,
                in: after.body) == 1)
        #expect(!after.body.contains(#"http_route="NotFound",http_request_method="DELETE""#))
        #expect(!after.body.contains(#"error_type="200""#))
        #expect(after.body.contains("/v1/location/updates and /v1/reports/updates"))
        // Which petspot, the process, the store and the receiver.
        #expect(after.body.contains(#"petspot_build_info{version="0.1.0",commit="#))
        for name in [
            "process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_max_fds",
            "process_start_time_seconds", "petspot_store_up", "petspot_store_calls_in_flight",
            "petspot_store_connections_max",
        ] {
            #expect(try Self.value(name, in: after.body) >= 0)
        }
        #expect(try Self.value("petspot_store_up", in: after.body) == 1)
        #expect(try Self.value("process_resident_memory_bytes", in: after.body) > 1_000_000)
        #expect(try Self.value(#"petspot_location_fix_age_seconds{source="#, in: after.body) >= 0)
        #expect(try Self.value(#"petspot_refusals_total{reason="rateLimited"}"#, in: after.body) >= 1)
        #expect(try Self.value("petspot_event_stream_clients", in: after.body) >= 1)
        #expect(try Self.value(#"petspot_location_fixes_total{source="#, in: after.body) >= 1)
        #expect(after.body.contains("http_server_request_duration_seconds_bucket"))
        #expect(after.body.contains("petspot_store_operation_duration_seconds_bucket"))
        // promtool reads it.
        let promtool = "/usr/bin/promtool"
        guard FileManager.default.isExecutableFile(atPath: promtool) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("promtool is missing (Debian's prometheus package; bash scripts/install-deps --tests)")
            }
            return
        }
        let check = try await ProcessRun.run(
            URL(fileURLWithPath: promtool), ["check", "metrics"], stdin: after.body, timeout: .seconds(60))
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.isEmpty && check.stderr.isEmpty, "promtool: \(check.stdout)\(check.stderr)")
    }

    /// The value of the first sample whose line starts with `prefix`.
    static func value(_ prefix: String, in text: String) throws -> Double {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) }, "no \(prefix)")
        return try #require(line.split(separator: " ").last.flatMap { Double($0) })
    }
}
