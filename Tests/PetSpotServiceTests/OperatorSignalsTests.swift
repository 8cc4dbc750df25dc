import Foundation
import LocationTestSupport
import ReportStoreTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What an operator does to a running `petspot serve` (the real binary): SIGHUP reloads and
/// it keeps serving; a standard error nobody reads any more never stops it; JSON logs are JSON
/// on every line.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct OperatorSignalsTests {
    typealias Server = ServeCommandTests.Server

    static let firstToken = String(repeating: "a", count: 40)
    static let secondToken = String(repeating: "b", count: 40)

    @Test func sighupReloadsTheOperatorTokenFileAndKeepsServing() async throws {
        let folder = try TemporaryStoreFolder()
        let tokenFile = folder.path + "-operator-token"
        try Self.firstToken.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        chmod(tokenFile, 0o600)
        defer { unlink(tokenFile) }
        let server = try Server(["--operator-token-file", tokenFile, "--log-level", "notice"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let client = TestServer(port: port)
        #expect(try await Self.contacts(client, token: Self.firstToken) == 200)

        // A new file (written atomically: mode 644 again), made the owner's alone before the reload.
        try Self.secondToken.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        chmod(tokenFile, 0o600)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(await eventually(hangGuard) { server.output.contains("reloaded on SIGHUP") }, "\(server.output)")
        #expect(server.process.isRunning)
        #expect(server.output.contains("operator_token=reloaded from \(tokenFile)"), "\(server.output)")
        #expect(try await client.request("/healthz").status == 200)
        #expect(try await Self.contacts(client, token: Self.secondToken) == 200)
        #expect(try await Self.contacts(client, token: Self.firstToken) == 403)

        // Again: every SIGHUP is heard, and the server still stops cleanly.
        kill(server.process.processIdentifier, SIGHUP)
        #expect(await eventually(hangGuard) { server.output.components(separatedBy: "reloaded on SIGHUP").count == 3 })
        kill(server.process.processIdentifier, SIGTERM)
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }

    /// `GET /v1/reports?contacts=true` with `token`: 200 only with the operator's.
    static func contacts(_ client: TestServer, token: String) async throws -> Int {
        try await client.request("/v1/reports?contacts=true", headers: [("Authorization", "Bearer \(token)")]).status
    }

    /// How standard error can be gone when the server starts: a pipe whose reader went away
    /// (a terminal closed, a log collector gone), or no descriptor 2 at all (`2>&-`).
    enum ClosedStandardError: String, CaseIterable {
        case pipeWithoutReader, noDescriptor
    }

    /// From its first line on, every announcement and log line fails (EPIPE or EBADF), and the
    /// server answers all the same, keeps its store whole, and exits 0 on SIGTERM.
    @Test(arguments: ClosedStandardError.allCases)
    func aClosedStandardErrorNeverStopsTheServer(_ closed: ClosedStandardError) async throws {
        let folder = try TemporaryStoreFolder()
        let port = try PostgresServer.freePortForTests()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let redirect = closed == .noDescriptor ? " 2>&-" : ""
        process.arguments = [
            "-c", "exec \"$0\" \"$@\"\(redirect)", PetSpotBinary.url.path, "serve", "--port", String(port), "--store",
            "sqlite:" + folder.path, "--log-level", "debug",
        ]
        process.standardOutput = FileHandle.nullDevice
        if closed == .pipeWithoutReader {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardError = pipe
        }
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let client = TestServer(port: port)
        #expect(await eventually(hangGuard) { (try? await client.request("/healthz").status) == 200 }, "\(closed)")
        for _ in 0..<20 {
            #expect(try await client.request("/healthz").status == 200)
            #expect(try await client.request("/v1/no-such-route").status == 404)
        }
        let created = try await client.request(
            "POST", "/v1/reports/found", headers: ExampleRequests.json, body: Array(ExampleRequests.foundBody.utf8))
        #expect(created.status == 201)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
        // No log line went into the store's file in place of the missing descriptor 2.
        let status = try await ProcessRun.run(
            PetSpotBinary.url, ["store", "status", "--json", "--store", "sqlite:" + folder.path])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains(#""reports":1"#), "\(status.stdout)")
    }

    /// With `--log-format json` every line on standard error is one JSON object — the
    /// announcements too — with numbers as numbers and each request's client and bytes.
    @Test func everyLineOfAJSONRunIsOneJSONObject() async throws {
        let server = try Server(["--log-format", "json", "--log-level", "debug", "--metrics-port", "0"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        #expect(await server.metricsPort() != nil)
        let client = TestServer(port: port)
        #expect(try await client.request("/healthz").status == 200)
        #expect(try await client.request("DELETE", "/healthz").status == 405)
        kill(server.process.processIdentifier, SIGTERM)
        server.process.waitUntilExit()
        let lines = server.output.split(separator: "\n")
        #expect(lines.count >= 8, "\(server.output)")
        var requests: [[String: Any]] = []
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not one JSON object: \(line)")
            if let object, object["message"] as? String == "request" { requests.append(object) }
        }
        let healthz = try #require(requests.first { $0["path"] as? String == "/healthz" })
        #expect(healthz["status"] as? Int == 200)
        #expect(healthz["bytes"] as? Int == 15)
        #expect(healthz["client"] as? String == "127.0.0.1")
        #expect(healthz["duration_ms"] is Double || healthz["duration_ms"] is Int)
        #expect(requests.contains { $0["status"] as? Int == 405 })
    }
}
