import Locking

/// Token buckets, one per client: each holds at most `burst` tokens, refilled at `perMinute`;
/// a request that finds its bucket empty is refused and told when the next token comes.
///
/// Clients are keyed by ``Client/rateKey`` (an IPv4 address, an IPv6 /64). The table holds at
/// most `maximumClients` buckets, dropping full (idle) ones first, so a flood of addresses cannot
/// grow it without bound. The clock is injected (the server's), so tests drive time by hand.
///
/// ```swift
/// let limiter = RateLimiter(RateLimit(perMinute: 60, burst: 30), clock: ContinuousClock())
/// if let wait = limiter.take(client.rateKey) { /* 429, Retry-After: wait */ }
/// ```
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        /// When it was last filled, as time since the limiter was made.
        var updated: Duration
    }

    /// The limit it keeps: `limit.burst` at once, `limit.perMinute` a minute on average (with
    /// ``init(burst:every:clock:maximumClients:)``, the burst and a minute's share of the refill).
    let limit: RateLimit
    let maximumClients: Int
    /// Tokens added a second.
    private let perSecond: Double
    /// The time since the limiter was made, on its clock.
    private let elapsed: @Sendable () -> Duration
    private let buckets = Locked([String: Bucket]())

    convenience init<C: Clock<Duration>>(_ limit: RateLimit, clock: C, maximumClients: Int = 10_000) {
        self.init(limit, perSecond: Double(max(1, limit.perMinute)) / 60, clock: clock, maximumClients: maximumClients)
    }

    /// A limiter of `burst` at once and one more every `interval` (20 an hour: `burst: 20,
    /// every: .seconds(180)`), for limits slower than one a minute.
    convenience init<C: Clock<Duration>>(burst: Int, every interval: Duration, clock: C, maximumClients: Int = 10_000) {
        let seconds = max(Self.seconds(interval), 0.001)
        self.init(
            RateLimit(perMinute: Int((60 / seconds).rounded()), burst: burst), perSecond: 1 / seconds, clock: clock,
            maximumClients: maximumClients)
    }

    private init<C: Clock<Duration>>(_ limit: RateLimit, perSecond: Double, clock: C, maximumClients: Int) {
        self.limit = limit
        self.perSecond = perSecond
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        self.maximumClients = max(1, maximumClients)
    }

    /// Takes one token of `client`'s bucket: `nil` when there was one, else how long until
    /// there is.
    func take(_ client: String) -> Duration? {
        let now = elapsed()
        let burst = Double(max(1, limit.burst))
        let rate = perSecond
        return buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + Self.seconds(now - bucket.updated) * rate)
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

    /// `wait` as a `Retry-After` gives it: whole seconds, rounded up, at least 1.
    static func retryAfterSeconds(_ wait: Duration) -> Int {
        max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
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
}
