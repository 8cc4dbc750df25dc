import Foundation
import GPSDTestSupport
import Geodata
import Geodesy
import LocationTestSupport
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// `petspot serve` configured from the environment alone, as a systemd `EnvironmentFile` or a
/// container would: each variable is checked to have taken effect through what the server does.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ServeEnvironmentTests {
    typealias Server = ServeCommandTests.Server

    @Test func everyVariableTakesEffect() async throws {
        let folder = try TemporaryStoreFolder()
        let photos = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-env-photos-\(UUID())")
        defer { try? FileManager.default.removeItem(at: photos) }
        // An earlier server's photo folder, with the photo of a report already stored.
        let earlier = try SQLiteReportStore(path: folder.path)
        var seeded = PetReport(id: "env-1", kind: .found)
        seeded.email = "finder@example.com"
        var lost = PetReport(id: "env-2", kind: .missing)
        let home = try Coordinate(latitude: 52.229712345, longitude: 21.012298765)
        lost.coordinate = home
        lost.radius = try SearchRadius(kilometers: 5)
        lost.email = "owner@example.com"
        // Renewed 10 days ago: past a 5-day missing and a 7-day found lifetime.
        var staleMissing = PetReport(id: "env-3", kind: .missing)
        staleMissing.renewedAt = ReportTimestamp.text(Date().addingTimeInterval(-10 * 86_400))
        var staleFound = PetReport(id: "env-4", kind: .found)
        staleFound.renewedAt = staleMissing.renewedAt
        try await earlier.add([seeded, lost, staleMissing, staleFound])
        await earlier.close()
        try ReportPhotoFolder(path: photos.path).write(Data(ExampleRequests.png), type: .png, id: "env-1")
        let port = try LoopbackSocket.freePort()
        let tileURL = "https://tiles.example.org/{z}/{x}/{y}.png"
        let server = try Server(
            [],
            environment: [
                "PETSPOT_HOST": "127.0.0.1", "PETSPOT_PORT": "\(port)", "PETSPOT_LOG_LEVEL": "debug",
                "PETSPOT_LOG_FORMAT": "json", "PETSPOT_ALLOW_ORIGINS": "http://a.test, http://b.test",
                "PETSPOT_ALLOWED_HOSTS": "pets.example", "PETSPOT_STORE": "sqlite:" + folder.path,
                "PETSPOT_PHOTOS": photos.path, "PETSPOT_SCENARIO": "walking-warsaw",
                "PETSPOT_METRICS_HOST": "127.0.0.1", "PETSPOT_METRICS_PORT": "0", "PETSPOT_IDLE_TIMEOUT": "1",
                "PETSPOT_BODY_TIMEOUT": "1.5", "PETSPOT_MAX_CONNECTIONS": "40", "PETSPOT_BODY_MEMORY": "16",
                "PETSPOT_RATE_LIMIT": "6", "PETSPOT_RATE_BURST": "3", "PETSPOT_TILE_URL": tileURL,
                "PETSPOT_TILE_ATTRIBUTION": "Tiles by Example", "PETSPOT_PUBLIC_PRECISION_M": "1000",
                "PETSPOT_MISSING_MAX_AGE_DAYS": "5", "PETSPOT_FOUND_MAX_AGE_DAYS": "7",
            ])
        defer { server.stop() }
        // PETSPOT_HOST, PETSPOT_PORT
        #expect(await server.port() == port, "\(server.output)")
        let client = TestServer(port: port)
        // PETSPOT_SCENARIO: the walk plays as the location source.
        let ready = try await client.request("/readyz")
        #expect(try ready.object["location"].flatMap { ($0 as? [String: Any])?["source"] as? String } != nil)
        // PETSPOT_ALLOW_ORIGINS: both origins.
        for origin in ["http://a.test", "http://b.test"] {
            let answer = try await client.request("/healthz", headers: [("Origin", origin)])
            #expect(answer.header("access-control-allow-origin") == origin)
        }
        // PETSPOT_ALLOWED_HOSTS
        #expect(try await client.request("/healthz", headers: [("Host", "pets.example")]).status == 200)
        #expect(try await client.request("/healthz", headers: [("Host", "other.example")]).status == 421)
        // PETSPOT_PHOTOS: the earlier folder moved into the store at start.
        let moved = try await client.request("/v1/reports/env-1/photo")
        #expect(moved.status == 200 && moved.bytes == ExampleRequests.png, "\(server.output)")
        #expect(!FileManager.default.fileExists(atPath: photos.path), "the emptied folder is removed")
        // PETSPOT_TILE_URL, PETSPOT_TILE_ATTRIBUTION: the map page's tiles, and its CSP allows them.
        let map = try await client.request("/map?near=52.23,21.01")
        #expect(map.body.contains(tileURL) && map.body.contains("Tiles by Example"))
        #expect(
            map.header("content-security-policy")?.contains("img-src 'self' data: https://tiles.example.org;") == true)
        // PETSPOT_PUBLIC_PRECISION_M: a stranger sees a missing report on 1 km cells.
        let shown = try await client.request("/v1/reports/env-2").object
        #expect(shown["locationPrecisionMeters"] as? Double == 1000, "\(shown)")
        let centre = PublicLocation(precisionMeters: 1000).cellCentre(of: home)
        #expect(shown["locationLatitude"] as? Double == centre.latitude.degrees)
        // PETSPOT_MISSING_MAX_AGE_DAYS, PETSPOT_FOUND_MAX_AGE_DAYS: the sweep at start closes the
        // reports renewed 10 days ago (missing first, then found), not those made now.
        try await waitUntil(hangGuard, "the sweep at start") {
            (try? await client.request("/v1/reports/env-4").object["status"] as? String) == "CLOSED"
        }
        #expect(try await client.request("/v1/reports/env-3").object["status"] as? String == "CLOSED")
        #expect(try await client.request("/v1/reports/env-1").object["status"] as? String == "FOUND")
        #expect(try await client.request("/v1/reports/env-2").object["status"] as? String == "ACTIVE")
        // PETSPOT_STORE: a report and its photo land there.
        let created = try await client.request(
            "POST", "/v1/reports/found", headers: ExampleRequests.json, body: Array(ExampleRequests.foundBody.utf8))
        #expect(created.status == 201, "\(created.body)")
        #expect(FileManager.default.fileExists(atPath: folder.path))
        let location = try #require(created.header("location"))
        let photo = try await client.request(
            "PUT", location + "/photo",
            headers: ExampleRequests.octets + [
                ("Authorization", "Bearer \(try #require(try created.object["ownerToken"] as? String))")
            ],
            body: ExampleRequests.png)
        #expect(photo.status == 200, "\(photo.body)")
        let store = try SQLiteReportStore(path: folder.path)  // beside the server: WAL readers
        let kept = try await store.photos(ids: [location.components(separatedBy: "/").last ?? ""])
        #expect(kept.count == 1)
        await store.close()
        // PETSPOT_IDLE_TIMEOUT: an idle connection is closed after about a second.
        let idle = try RawConnection(port: port)
        let closedAfter = try #require(await idle.waitForClose(within: 30))
        #expect(closedAfter >= .milliseconds(500))
        // PETSPOT_BODY_TIMEOUT: a body that keeps trickling is answered 408.
        let slow = try RawConnection(port: port)
        try await slow.send(
            "POST /v1/reports/found HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n")
        #expect(try await slow.trickleChunkedBody(within: 30))
        #expect(slow.status == 408)
        // PETSPOT_RATE_LIMIT, PETSPOT_RATE_BURST: three changes so far (burst 3); the fourth is refused.
        let refused = try await client.request("POST", "/v1/scenarios/default/run")
        #expect(refused.status == 429, "\(refused.body)")
        // PETSPOT_METRICS_*: the metrics listener, with PETSPOT_MAX_CONNECTIONS and
        // PETSPOT_BODY_MEMORY seen through it.
        let metricsPort = try #require(await server.metricsPort(), "\(server.output)")
        let scrape = try await TestServer(port: metricsPort).request("/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.body.contains("petspot_connections_max 40"), "\(scrape.body.prefix(2000))")
        #expect(scrape.body.contains(#"petspot_refusals_total{reason="rateLimited"}"#))
        #expect(scrape.body.contains(#"petspot_refusals_total{reason="bodyTimeout"}"#))
        // The request id a client sends is in the answer and on the request's log line.
        let traced = try await client.request("/healthz", headers: [("X-Request-Id", "probe-42")])
        #expect(traced.header("x-request-id") == "probe-42")
        let untraced = try await client.request("/healthz", headers: [("X-Request-Id", "bad id;\"quoted\"")])
        let madeID = try #require(untraced.header("x-request-id"))
        #expect(!madeID.isEmpty && !madeID.contains("quoted"))
        #expect(
            await eventually(hangGuard) { server.output.contains(#""hb.request.id":"probe-42""#) }, "\(server.output)")
        // PETSPOT_LOG_LEVEL, PETSPOT_LOG_FORMAT: every log line is a JSON object; debug ones too.
        let lines = server.output.split(separator: "\n").filter { !$0.hasPrefix("petspot: ") }
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["level"] is String && object?["message"] is String, "\(line)")
        }
        #expect(lines.contains { $0.contains(#""level":"debug""#) }, "\(server.output)")
    }

    @Test func theBodyMemoryVariableBoundsUploads() async throws {
        let server = try Server([], environment: ["PETSPOT_BODY_MEMORY": "16", "PETSPOT_RATE_LIMIT": "0"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let size = 9_000_000  // two of them are past 16 MiB; one is under the 10 MB a photo may be
        let held = try RawConnection(port: port)
        try await held.send(
            "POST /v1/report-photos/found HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: \(size)\r\n\r\n")
        try await held.send(ExampleRequests.png + [UInt8](repeating: 0, count: size - ExampleRequests.png.count - 1))
        let second = try await TestServer(port: port).request(
            "POST", "/v1/report-photos/found", headers: ExampleRequests.octets,
            body: ExampleRequests.png + [UInt8](repeating: 0, count: size - ExampleRequests.png.count))
        #expect(second.status == 503, "\(second.body)")
        #expect(try second.object["reason"] as? String == "bodyBudget")
        #expect(second.header("retry-after") == "5")
    }

    @Test func theCommandLineWinsAndABadVariableIsAUsageError() async throws {
        // PETSPOT_PORT says 1 (a port nobody may bind); --port 0 wins.
        let server = try Server(["--port", "0"], environment: ["PETSPOT_PORT": "1", "PETSPOT_LOG_LEVEL": "error"])
        defer { server.stop() }
        #expect(await server.port() != nil, "\(server.output)")
        for (variable, value) in [
            ("PETSPOT_PORT", "eighty"), ("PETSPOT_LOG_FORMAT", "xml"), ("PETSPOT_RATE_LIMIT", "-1"),
            ("PETSPOT_IDLE_TIMEOUT", "forever"),
        ] {
            let run = try await ProcessRun.run(
                PetSpotBinary.url, ["serve", "--store", "sqlite:/nonexistent/never.sqlite"],
                environment: [variable: value], timeout: .seconds(30))
            #expect(run.status == 64, "\(variable)=\(value): \(run.stderr)")
            #expect(run.stderr.contains(variable), "\(variable)=\(value): \(run.stderr)")
        }
    }

    @Test(
        arguments: [
            (["--idle-timeout", "0"], [:], "--idle-timeout (PETSPOT_IDLE_TIMEOUT) must be from 0.1 to 3600 seconds."),
            (
                [], ["PETSPOT_BODY_MEMORY": "8"],
                "--body-memory (PETSPOT_BODY_MEMORY) must be from 16 to 65536 MiB (a photo may be 16)."
            ),
            (["--metrics-port", "70000"], [:], "--metrics-port (PETSPOT_METRICS_PORT) must be from 0 to 65535."),
            (
                ["--public-precision-m", "50"], [:],
                "--public-precision-m (PETSPOT_PUBLIC_PRECISION_M) must be from 100 to 10000 m."
            ),
            (
                [], ["PETSPOT_FOUND_MAX_AGE_DAYS": "0"],
                "--found-max-age-days (PETSPOT_FOUND_MAX_AGE_DAYS) must be from 1 to 3650 days."
            ),
        ] as [([String], [String: String], String)])
    func aValueOutOfRangeNamesTheOptionItsVariableAndTheRange(
        arguments: [String], environment: [String: String], message: String
    ) async throws {
        let run = try await ProcessRun.run(
            PetSpotBinary.url, ["serve", "--store", "sqlite:/nonexistent/never.sqlite"] + arguments,
            environment: environment, timeout: .seconds(30))
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        // `--help` says the same range, from the same declaration.
        let help = try await ProcessRun.run(PetSpotBinary.url, ["serve", "--help"], timeout: .seconds(30))
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        let rule = message.components(separatedBy: " must be ").last?.dropLast() ?? ""
        #expect(words.contains(rule.lowercased() + "; default "), "serve --help lacks '\(rule)'")
    }

    @Test func theVariableNamesAreTheOnesSwiftConfigurationReads() async throws {
        // Each documented variable reaches the server: PETSPOT_LOG_FORMAT=json shows in the logs.
        let run = try await ProcessRun.run(
            PetSpotBinary.url, ["serve", "--help"], timeout: .seconds(30))
        for name in [
            "PETSPOT_HOST", "PETSPOT_PORT", "PETSPOT_LOG_LEVEL", "PETSPOT_LOG_FORMAT", "PETSPOT_ALLOW_ORIGINS",
            "PETSPOT_ALLOWED_HOSTS", "PETSPOT_PHOTOS", "PETSPOT_METRICS_PORT", "PETSPOT_IDLE_TIMEOUT",
            "PETSPOT_MAX_CONNECTIONS",
        ] {
            #expect(run.stdout.contains(name), "\(name) is not in serve --help")
        }
        let service = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Docs/Service.md"), encoding: .utf8)
        for line in run.stdout.split(separator: "\n") where line.hasPrefix("  --") && line.contains("PETSPOT_") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(service.contains("| `\(fields[0])` | `\(fields[1])` |"), "Docs/Service.md lacks \(fields[0])")
        }
    }
}
