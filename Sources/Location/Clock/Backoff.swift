/// How long a provider waits before trying again after a failed or lost connection:
/// exponential, capped, without jitter (so that runs on a ``VirtualClock`` are repeatable).
///
/// ```swift
/// let backoff = Backoff(initial: .milliseconds(250), maximum: .seconds(5))
/// backoff.delay(afterFailures: 1)   // 0.25 s
/// backoff.delay(afterFailures: 3)   // 1 s
/// backoff.delay(afterFailures: 10)  // 5 s
/// ```
public struct Backoff: Sendable, Hashable {
    /// The wait after the first failure.
    public var initial: Duration
    /// The longest wait.
    public var maximum: Duration
    /// The factor between one wait and the next (at least 1).
    public var multiplier: Int

    /// A backoff starting at `initial`, multiplied by `multiplier` after each further failure,
    /// never longer than `maximum`.
    public init(initial: Duration, maximum: Duration, multiplier: Int = 2) {
        self.initial = max(initial, .zero)
        self.maximum = max(maximum, self.initial)
        self.multiplier = max(1, multiplier)
    }

    /// 0.25 s, 0.5 s, 1 s, 2 s, 4 s, then every 5 s.
    public static let standard = Backoff(initial: .milliseconds(250), maximum: .seconds(5))

    /// The wait after `failures` consecutive failures (1 for the first).
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = initial
        var step = 1
        while step < failures && delay < maximum {
            delay *= multiplier
            step += 1
        }
        return min(delay, maximum)
    }
}
