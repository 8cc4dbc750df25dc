import Hummingbird

/// Who may have the server's own position (`/v1/location`, `/v1/location/updates`): the
/// receiver is the operator's, and where it is says where the operator is. A client on loopback
/// of a server that listens only on loopback is a user of the machine and may; any other client
/// needs the operator's token — a server listening beyond loopback asks every client, and a
/// client behind a proxy is not on loopback even when the proxy is (``Client/isLoopback``: the
/// client a trusted proxy names, and never a request forwarded by a proxy nobody trusted).
struct LocationAccess: Sendable {
    /// Whether the server listens beyond loopback, so every client needs the token.
    let listensBeyondLoopback: Bool
    let token: OperatorToken?

    init(listeningOn host: String, token: OperatorToken?) {
        listensBeyondLoopback = !AllowedHosts.isLoopback(host)
        self.token = token
    }

    /// Refuses `request` from `client` (401/403) when it may not have the server's position.
    func check(_ request: Request, from client: Client) throws(Problem) {
        guard listensBeyondLoopback || !client.isLoopback else { return }
        try Credentials.requireOperator(request, token, for: "The server's own position")
    }
}
