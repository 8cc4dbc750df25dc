public import Hummingbird
import Logging
import NIOCore

/// Where `/metrics` is served: a listener of its own, on loopback unless asked otherwise, so
/// the public listener never shows it (`--metrics-host`, `--metrics-port`).
public struct MetricsListener: Sendable {
    /// The interface (`127.0.0.1`).
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// Called once it listens, with the port it got.
    public var onListening: @Sendable (_ host: String, _ port: Int) async -> Void

    public init(
        host: String = "127.0.0.1", port: Int,
        onListening: @escaping @Sendable (_ host: String, _ port: Int) async -> Void = { _, _ in }
    ) {
        self.host = host
        self.port = port
        self.onListening = onListening
    }

    /// An application that answers `GET /metrics` with ``ServiceMetrics/exposition()`` and
    /// nothing else.
    func application(logger: Logger) -> some ApplicationProtocol {
        let router = Router()
        router.get("/metrics") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: ServiceMetrics.exposition())))
        }
        let host = self.host
        let onListening = self.onListening
        return Application(
            router: router,
            configuration: .init(
                address: .hostname(host, port: port), serverName: nil,
                availableConnectionsDelegate: ConnectionLimit(maximum: 64)),
            onServerRunning: { channel in await onListening(host, channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}
