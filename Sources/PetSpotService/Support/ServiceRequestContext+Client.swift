import NIOCore

/// A request context that can say who the client is.
protocol ClientAddressContext {
    /// The client's address as logs and limits see it; `nil` when the connection has none
    /// (a Unix socket, a test's channel).
    var clientAddress: String? { get }
}

extension ServiceRequestContext: ClientAddressContext {
    /// The client's address: the one place that says who a request came from, for the access
    /// log (and for whatever else needs the client rather than the connection). Today the
    /// connection's peer; a server that trusts a reverse proxy's forwarded address answers
    /// that address here.
    public var clientAddress: String? {
        remoteAddress?.ipAddress
    }
}
