public import Hummingbird
public import NIOCore

/// What every route and middleware of the service gets: Hummingbird's core context (logger,
/// path parameters), the connection's peer, and the ``Client`` the rate limit, the logs and the
/// operator-only rule key on (set by ``ClientMiddleware`` from the trusted proxies' headers).
public struct ServiceRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer of the connection (a proxy's address when the server is behind one).
    public let remoteAddress: SocketAddress?
    /// Who sent the request: the peer, or the client a trusted proxy names.
    public internal(set) var client: Client

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
        client = Client(peer: remoteAddress, headers: [:], proxies: .none)
    }
}
