import AsyncHTTPClient
import Foundation
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1
import PetSpotService
import Testing

/// One answer from the service.
struct Answer: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: String
    /// The body's bytes, as sent (a photo).
    var bytes: [UInt8] = []

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// The body parsed as a JSON object.
    var object: [String: Any] {
        get throws {
            try #require(
                JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) as? [String: Any])
        }
    }
}

/// A live server on a free loopback port, and AsyncHTTPClient requests to it.
struct TestServer: Sendable {
    let port: Int

    /// A logger that prints nothing (the tests read answers, not logs).
    static let quietLogger = Logger(label: "petspot.serve.test") { _ in SwiftLogNoOpLogHandler() }

    /// A server without a location source, quiet, for `body`.
    static func with(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        try await with(ServiceConfiguration(logger: quietLogger), body)
    }

    /// Starts `buildApplication(configuration)` on port 0, runs `body` against it, stops it.
    static func with(
        _ configuration: ServiceConfiguration, _ body: @Sendable (TestServer) async throws -> Void
    ) async throws {
        var configuration = configuration
        configuration.port = 0
        // Loopback, or every interface (IPv4, or both families on `::`) when a test asks for a
        // server that is not loopback-only.
        if configuration.host != "0.0.0.0" && configuration.host != "::" { configuration.host = "127.0.0.1" }
        try await buildApplication(configuration).test(.live) { client in
            try await body(TestServer(port: try #require(client.port)))
        }
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Sends a GET request and collects the whole answer.
    func request(_ path: String, headers: [(String, String)] = []) async throws -> Answer {
        try await request("GET", path, headers: headers)
    }

    /// Sends a request and collects the whole answer (at most 4 MiB).
    func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: url(path))
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(timeout.components.seconds))
        let bytes = try await response.body.collect(upTo: 4 << 20)
        return Answer(
            status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
            body: String(buffer: bytes), bytes: Array(bytes.readableBytesView))
    }
}
