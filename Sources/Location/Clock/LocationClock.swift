/// The clock a ``LocationService`` and its provider measure time on: any
/// `Clock<Duration>`, type-erased so that it can be stored and shared.
///
/// `Clock.Instant` is an associated type, so a service cannot store "some clock" and still
/// compare the instants it reads. `LocationClock` wraps any clock whose durations are
/// `Duration` and reads its instants as the time elapsed since the moment the wrapper was
/// made (its *origin*). The wrapper is itself a `Clock`, so it can be passed on to anything
/// that sleeps (a provider's reconnect backoff, a scenario's playback).
///
/// ```swift
/// let real = LocationClock(ContinuousClock())
/// let virtual = VirtualClock()
/// let service = LocationService(provider: provider, authorizer: authorizer, clock: virtual)
/// ```
///
/// Wrapping a `LocationClock` again returns it unchanged, so instants stay comparable.
public struct LocationClock: Clock {
    /// A reading of a ``LocationClock``: the time elapsed since the clock's origin.
    public struct Instant: OffsetInstant, Sendable, Hashable, Comparable {
        /// Time since the clock's origin (the moment the ``LocationClock`` was made).
        public var offset: Duration

        /// An instant `offset` after the origin.
        public init(offset: Duration) { self.offset = offset }

        /// The origin itself.
        public static let origin = Instant(offset: .zero)
    }

    private let read: @Sendable () -> Duration
    private let sleeper: @Sendable (_ deadline: Duration, _ tolerance: Duration?) async throws -> Void

    /// The smallest interval the wrapped clock can tell apart.
    public let minimumResolution: Duration

    /// Wraps `clock`; its current reading becomes this clock's origin.
    public init<Base: Clock>(_ clock: Base) where Base.Duration == Duration {
        if let already = clock as? LocationClock {
            self = already
            return
        }
        let origin = clock.now
        read = { origin.duration(to: clock.now) }
        sleeper = { deadline, tolerance in
            try await clock.sleep(until: origin.advanced(by: deadline), tolerance: tolerance)
        }
        minimumResolution = clock.minimumResolution
    }

    /// The current reading.
    public var now: Instant { Instant(offset: read()) }

    /// Suspends until `deadline`; throws `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleeper(deadline.offset, tolerance)
    }
}

extension Duration {
    /// Seconds with at most three decimals and no trailing zeros: `"30"`, `"0.25"`, `"1.5"`.
    /// (`package`: scenario durations print the same way.)
    package var secondsText: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let negative = milliseconds < 0
        let magnitude = milliseconds.magnitude
        var text = String(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return negative ? "-" + text : text
    }

    /// The duration in seconds as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
