import AsyncHTTPClient
import Foundation
import LocationTestSupport
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing

/// `petspot serve` behind the reverse proxies the project ships samples of (`deploy/`), each run
/// for real (issue 43): the server's position is the operator's through the proxy (no token: 401
/// for a client from elsewhere, whatever it forges), each client has its own rate-limit bucket,
/// the alerts stream through unbuffered, and a photo-sized body reaches petspot.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReverseProxyTests {
    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || ReverseProxy.Kind.allCases.allSatisfy { FileManager.default.isExecutableFile(atPath: $0.executable) }
    }

    /// A client that takes the test's self-signed certificate.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            return HTTPClient.Configuration(
                tlsConfiguration: tls,
                connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 100))
        }())

    static func request(
        _ url: String, method: String = "GET", headers: [(String, String)] = [], body: [UInt8]? = nil
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 4 << 20)
        return Answer(
            status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
            body: String(buffer: bytes))
    }

    @Test(.enabled(if: shouldRun), arguments: ReverseProxy.Kind.allCases)
    func petspotBehindTheSampleProxyConfiguration(kind: ReverseProxy.Kind) async throws {
        let outside = try #require(ReverseProxy.outsideAddress(), "this machine has no address but loopback")
        let server = try ServeCommandTests.Server([
            "--scenario", "accuracy-improving", "--trusted-proxy", "127.0.0.1", "--allowed-host", outside,
            "--rate-limit", "1", "--rate-burst", "2", "--log-format", "json",
        ])
        defer { server.stop() }
        let upstream = try #require(await server.port(), "\(server.output)")
        let proxy = try await ReverseProxy(kind, upstream: upstream)
        defer { proxy.stop() }
        let fromOutside = { (path: String) in proxy.url(outside, path) }
        let fromHere = { (path: String) in proxy.url("127.0.0.1", path) }

        // The receiver's position: a client from elsewhere needs the token, forged headers or not.
        let stranger = try await Self.request(fromOutside("/v1/location?timeout=20"))
        #expect(stranger.status == 401, "\(stranger.body)")
        #expect(stranger.body.contains("operatorTokenRequired"))
        for forged in [("X-Forwarded-For", "127.0.0.1"), ("Forwarded", "for=127.0.0.1"), ("X-Real-IP", "127.0.0.1")] {
            let answer = try await Self.request(fromOutside("/v1/location?timeout=20"), headers: [forged])
            #expect(answer.status == 401, "\(forged.0): \(answer.body)")
        }
        // A user of the machine, through the proxy: the proxy names it, and it is on loopback.
        let local = try await Self.request(fromHere("/v1/location?timeout=20"))
        #expect(local.status == 200, "\(local.body)")

        // The alerts stream through at once (no buffering): the greeting, then a new report.
        let alerts = EventStreamClient(url: fromHere("/v1/reports/updates"), client: Self.client)
        defer { alerts.close() }
        #expect(await alerts.wait(hangGuard) { $0.comments.contains("connected") }, "\(proxy.output)")
        let created = try await Self.request(
            fromHere("/v1/reports/found"), method: "POST", headers: ExampleRequests.json,
            body: Array(ExampleRequests.foundBody.utf8))
        #expect(created.status == 201, "\(created.body)")
        let id = try #require(try created.object["id"] as? String)
        #expect(await alerts.wait(hangGuard) { $0.events.contains { $0.name == "created" && $0.data.contains(id) } })

        // A 2 MB body reaches petspot (its own answer, not the proxy's 413).
        let photo = try await Self.request(
            fromOutside("/v1/reports/\(id)/photo"), method: "PUT", headers: [("Content-Type", "image/png")],
            body: [UInt8](repeating: 0x41, count: 2_000_000))
        #expect(photo.status == 401, "\(photo.status) \(photo.body.prefix(300))")
        #expect(photo.header("content-type") == "application/problem+json")

        // Each client its own bucket (2 at once): the stranger's third change is refused, the
        // local client's first is not.
        var statuses: [Int] = []
        for _ in 0..<2 {
            statuses.append(
                try await Self.request(
                    fromOutside("/v1/reports/missing"), method: "POST", headers: ExampleRequests.json,
                    body: Array("{}".utf8)
                ).status)
        }
        #expect(statuses == [422, 429], "the stranger's bucket: the photo PUT, then these: \(statuses)")
        let mine = try await Self.request(
            fromHere("/v1/reports/missing"), method: "POST", headers: ExampleRequests.json, body: Array("{}".utf8))
        #expect(mine.status == 422, "\(mine.body)")
    }
}
