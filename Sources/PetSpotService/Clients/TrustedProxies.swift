import Foundation

/// The reverse proxies whose word about the client is taken (`--trusted-proxy CIDR…`,
/// `PETSPOT_TRUSTED_PROXIES`): a request from one of them is the client its `X-Forwarded-For`
/// (or, without that header, its `Forwarded`) names; from anyone else those headers are ignored.
///
/// ```swift
/// let proxies = try TrustedProxies(["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
/// proxies.contains(IPAddress("10.1.2.3")!)   // true
/// ```
public struct TrustedProxies: Sendable, Hashable {
    struct Network: Sendable, Hashable {
        var address: IPAddress
        var prefix: Int
    }

    let networks: [Network]

    /// No proxy is trusted: every client is the peer of its connection.
    public static let none = TrustedProxies(networks: [])

    init(networks: [Network]) {
        self.networks = networks
    }

    /// The networks `cidrs` name: an address (`127.0.0.1`, `::1`: that one) or an address and a
    /// prefix length (`10.0.0.0/8`, `fd00::/8`).
    ///
    /// - Throws: ``TrustedProxyError`` naming the first entry that is neither.
    public init(_ cidrs: [String]) throws(TrustedProxyError) {
        var networks: [Network] = []
        for entry in cidrs {
            let text = entry.trimmingCharacters(in: .whitespaces)
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let address = IPAddress(parts[0]), !parts[0].contains("[") else { throw TrustedProxyError(text) }
            let bits = address.bytes.count * 8
            var prefix = bits
            if parts.count == 2 {
                guard let length = Int(parts[1]), parts[1].allSatisfy(\.isNumber), (0...bits).contains(length) else {
                    throw TrustedProxyError(text)
                }
                prefix = length
            }
            networks.append(Network(address: address, prefix: prefix))
        }
        self.networks = networks
    }

    /// Whether any proxy is trusted.
    public var isEmpty: Bool { networks.isEmpty }

    /// Whether `address` is one of the trusted proxies.
    func contains(_ address: IPAddress) -> Bool {
        networks.contains { address.shares($0.prefix, bitsWith: $0.address) }
    }
}

/// A `--trusted-proxy` entry that is not an address or network; the description is the message.
public struct TrustedProxyError: Error, Sendable, CustomStringConvertible {
    let entry: String

    init(_ entry: String) {
        self.entry = String(entry.prefix(60))
    }

    public var description: String {
        "--trusted-proxy takes an IP address or a network in CIDR form (127.0.0.1, 10.0.0.0/8, ::1, fd00::/8); "
            + "got '\(entry)'."
    }
}
