import Locking
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Token buckets, one per client: each holds at most `burst` tokens, refilled at `perMinute`;
/// a request that finds its bucket empty is refused and told when the next token comes.
///
/// Clients are keyed by ``clientKey(_:)``; the table holds at most `maximumClients` buckets,
/// dropping full (idle) ones first, so a flood of addresses cannot grow it without bound. The
/// clock is injected, so tests drive time by hand.
final class RateLimiter<C: Clock>: Sendable where C.Duration == Duration {
    private struct Bucket {
        var tokens: Double
        var updated: C.Instant
    }

    let limit: RateLimit
    let maximumClients: Int
    private let clock: C
    private let buckets = Locked([String: Bucket]())

    init(_ limit: RateLimit, clock: C, maximumClients: Int = 10_000) {
        self.limit = limit
        self.clock = clock
        self.maximumClients = max(1, maximumClients)
    }

    private var perSecond: Double { Double(max(1, limit.perMinute)) / 60 }

    /// Takes one token of `client`'s bucket: `nil` when there was one, else how long until
    /// there is.
    func take(_ client: String) -> Duration? {
        let now = clock.now
        let burst = Double(max(1, limit.burst))
        let rate = perSecond
        return buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: burst, updated: now)
            let elapsed = bucket.updated.duration(to: now)
            bucket.tokens = min(burst, bucket.tokens + Self.seconds(elapsed) * rate)
            bucket.updated = now
            defer {
                if buckets[client] == nil, buckets.count >= maximumClients { Self.makeRoom(&buckets, burst: burst) }
                buckets[client] = bucket
            }
            guard bucket.tokens >= 1 else {
                return .milliseconds(Int64(((1 - bucket.tokens) / rate * 1000).rounded(.up)))
            }
            bucket.tokens -= 1
            return nil
        }
    }

    /// Clients with a bucket now.
    var clientCount: Int { buckets.withLock { $0.count } }

    private static func makeRoom(_ buckets: inout [String: Bucket], burst: Double) {
        // Full buckets first: dropping them loses nothing.
        let full = buckets.filter { $0.value.tokens >= burst }.map(\.key)
        if !full.isEmpty {
            for key in full { buckets[key] = nil }
            return
        }
        if let oldest = buckets.min(by: { $0.value.updated < $1.value.updated })?.key { buckets[oldest] = nil }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The key of a client at `address`: an IPv4 address, or the /64 prefix of an IPv6 one
    /// (one subscriber's network); `unknown` without an address.
    static func clientKey(_ address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        switch address {
        case .v4:
            return address.ipAddress ?? "unknown"
        case .v6(let v6):
            // The first 8 bytes of sin6_addr, the network prefix: sockaddr_in6 is family (2
            // bytes), port (2) and flow info (4), then the address (RFC 3493, 3.3). Read by
            // offset: naming the member needs CNIOLinux, which NIO does not export.
            let prefix = withUnsafeBytes(of: v6.address) { Array($0.dropFirst(8).prefix(8)) }
            return prefix.map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
        case .unixDomainSocket:
            return "unix"
        }
    }
}
