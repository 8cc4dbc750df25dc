/// An instant read as the time elapsed since its clock's start: what the instants of
/// ``LocationClock`` and ``VirtualClock`` are. Conforming types store ``offset`` and get the
/// rest of `InstantProtocol` (and their `"+12.5 s"` description) from here.
///
/// ```swift
/// let instant = VirtualClock.Instant(offset: .seconds(12.5))
/// instant.advanced(by: .seconds(1)).description    // "+13.5 s"
/// ```
public protocol OffsetInstant: InstantProtocol, CustomStringConvertible where Duration == Swift.Duration {
    /// Time since the clock's start.
    var offset: Swift.Duration { get }

    /// The instant `offset` after the clock's start.
    init(offset: Swift.Duration)
}

extension OffsetInstant {
    /// The instant `duration` later.
    public func advanced(by duration: Swift.Duration) -> Self { Self(offset: offset + duration) }

    /// The time from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: Self) -> Swift.Duration { other.offset - offset }

    /// Earlier instants come first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }

    /// `"+12.5 s"`: the offset from the clock's start.
    public var description: String { "+\(offset.secondsText) s" }
}
