import Hummingbird

/// Who may have the server's own position (`/v1/location`, `/v1/location/updates`): the
/// receiver is the operator's, and where it is says where the operator is. On a server that
/// listens only on loopback every client is a user of the machine and may; on any other, only
/// a request with the operator's token.
struct LocationAccess: Sendable {
    /// Whether the operator's token is needed.
    let requiresOperator: Bool
    let token: OperatorToken?

    init(listeningOn host: String, token: OperatorToken?) {
        requiresOperator = !AllowedHosts.isLoopback(host)
        self.token = token
    }

    /// Refuses `request` (401/403) when it may not have the server's position.
    func check(_ request: Request) throws(Problem) {
        guard requiresOperator else { return }
        try Credentials.requireOperator(request, token, for: "The server's own position")
    }
}
