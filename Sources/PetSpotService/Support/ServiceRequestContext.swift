public import Hummingbird
public import NIOCore

/// What every route and middleware of the service gets: Hummingbird's core context (logger,
/// path parameters) and the client's address, which the per-client rate limit keys on.
public struct ServiceRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer of the connection (a proxy's address when the server is behind one).
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
