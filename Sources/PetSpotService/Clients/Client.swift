import HTTPTypes
import NIOCore

/// Who sent a request, as the rate limit, the logs and the operator-only rule see it: the peer
/// of the connection, or — when that peer is a trusted proxy — the client the proxy names.
///
/// A request that carries forwarding headers (`X-Forwarded-For`, `Forwarded`, `X-Real-IP`) from
/// a peer that is not trusted came through a proxy nobody vouched for: its client is the peer
/// (the headers are not believed) but it is never taken to be on loopback, so a proxy on
/// `127.0.0.1` without `--trusted-proxy` does not hand the internet what only the machine's
/// own users may have.
public struct Client: Sendable, Hashable, CustomStringConvertible {
    /// The client's address; `nil` for a Unix socket or an unknown peer.
    let address: IPAddress?
    /// Whether a proxy forwarded the request and the client's own address is not known to be
    /// what ``address`` says (an untrusted proxy, or one whose header could not be read).
    let forwardedUnverified: Bool

    /// The client of a request from `peer` with `headers`, believing `proxies`.
    init(peer: SocketAddress?, headers: HTTPFields, proxies: TrustedProxies) {
        let peerAddress = peer.flatMap(Self.address)
        let forwarded = Self.forwardingHeaders.contains { headers[$0] != nil }
        guard let peerAddress, forwarded, proxies.contains(peerAddress) else {
            self.address = peerAddress
            forwardedUnverified = forwarded
            return
        }
        let hops = ForwardedFor.hops(headers)
        // From the nearest hop outwards: the first that is not a trusted proxy is the client.
        var client = peerAddress
        for hop in hops.reversed() {
            guard let hop else {
                // A hop a trusted proxy wrote that is no address: say who forwarded it, and
                // do not take it for loopback.
                self.address = client
                forwardedUnverified = true
                return
            }
            client = hop
            if !proxies.contains(hop) { break }
        }
        self.address = client
        forwardedUnverified = hops.isEmpty
    }

    /// The headers a proxy adds.
    static let forwardingHeaders: [HTTPField.Name] = [.xForwardedFor, .forwarded, .xRealIP]

    /// Whether the client is a user of this machine: on loopback, and not forwarded by a proxy
    /// that was not trusted.
    var isLoopback: Bool { !forwardedUnverified && (address?.isLoopback ?? false) }

    /// The key of the client's rate-limit bucket: an IPv4 address (IPv4-mapped IPv6 ones as
    /// IPv4), the /64 prefix of an IPv6 one (one subscriber's network), `unknown` without one.
    var rateKey: String {
        guard let address else { return "unknown" }
        if address.isIPv4 { return address.description }
        return address.bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The address as logs show it, `-` when unknown.
    public var description: String { address?.description ?? "-" }

    /// The IP address of a socket address (`nil` for a Unix socket).
    static func address(_ socket: SocketAddress) -> IPAddress? {
        // Through its text: the sockaddr structs' members are CNIOLinux's, which NIO does not export.
        socket.ipAddress.flatMap { IPAddress($0) }
    }
}
