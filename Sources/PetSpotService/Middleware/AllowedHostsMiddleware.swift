import Hummingbird
import NIOCore
import OutsideInput
import PetSpotJSON

/// Answers only requests for the host names this server serves (`Host`), so that a web page on
/// another site cannot reach a server on loopback or a private network through DNS rebinding
/// (a name the attacker controls that resolves to 127.0.0.1 sends `Host: attacker.example`).
///
/// Allowed: an IP address literal that is the listening address (any IP literal when listening
/// on all interfaces: a browser that uses an address reached that address, no name can be
/// rebound), `localhost` when the server listens on loopback or on all interfaces, and the
/// names the operator gives (`--allowed-host`). Anything else is 421 problem details; a
/// request without `Host` is 400.
struct AllowedHostsMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: AllowedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority, !authority.isEmpty else {
            throw Problem(.badRequest, detail: "The request has no Host header; HTTP/1.1 requires one.")
        }
        guard policy.allows(authority: authority) else {
            ServiceMetrics.refused(.hostNotAllowed)
            let name = AllowedHosts.hostName(authority)
            throw Problem(
                .misdirectedRequest,
                detail:
                    "This server does not answer for the host '\(String(name.prefix(80)).terminalSafe)'. Its operator allows more names with --allowed-host.",
                extensions: [("reason", "hostNotAllowed")])
        }
        return try await next(request, context)
    }
}

/// The host names a server answers for (``AllowedHostsMiddleware``).
public struct AllowedHosts: Sendable {
    private let names: Set<String>
    private let listeningAddress: String
    private let allInterfaces: Bool
    private let loopback: Bool

    /// For a server listening on `host`, and the extra `names` (lower-cased, without a port).
    public init(listeningOn host: String, names: [String]) {
        let listening = host.lowercased()
        self.listeningAddress = listening
        self.allInterfaces = ["0.0.0.0", "::", "[::]"].contains(listening)
        self.loopback = Self.isLoopback(listening)
        var names = Set(names.map { Self.hostName($0.lowercased()) })
        // `--host petspot.example`: the name it was asked to listen on is served too.
        if !Self.isAddressLiteral(Self.hostName(listening)) { names.insert(Self.hostName(listening)) }
        self.names = names
    }

    /// Whether a request whose `Host` is `authority` (`name`, `name:port`, `[v6]:port`) is
    /// answered.
    public func allows(authority: String) -> Bool {
        let name = Self.hostName(authority.lowercased())
        if names.contains(name) { return true }
        if name == "localhost" { return loopback || allInterfaces }
        guard Self.isAddressLiteral(name) else { return false }
        return allInterfaces || name == listeningAddress || (loopback && Self.isLoopbackLiteral(name))
    }

    /// Whether `host` (a listening address) is a loopback one: `localhost`, `127.x.x.x`, `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = hostName(host.lowercased())
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// `authority` without its port and the brackets of an IPv6 literal.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return authority }
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        if let colon = authority.lastIndex(of: ":"), authority.firstIndex(of: ":") == colon {
            return String(authority[..<colon])
        }
        return authority
    }

    private static func isAddressLiteral(_ name: String) -> Bool {
        (try? SocketAddress(ipAddress: name, port: 0)) != nil
    }

    private static func isLoopbackLiteral(_ name: String) -> Bool {
        name == "::1" || name.hasPrefix("127.")
    }
}
