public import Foundation

/// Where a step gets "today" from: the injectable clock of the date fields.
///
/// ```swift
/// let fixed = Today.fixed(try CalendarDay(year: 2025, month: 11, day: 18))
/// fixed.day()                                       // Nov 18, 2025
/// let warsaw = Today.system(utcOffsetSeconds: { _ in 3600 })
/// ```
public struct Today: Sendable {
    private let provider: @Sendable () -> CalendarDay

    /// A "today" computed by `provider` each time it is asked.
    public init(_ provider: @escaping @Sendable () -> CalendarDay) {
        self.provider = provider
    }

    /// The current day.
    public func day() -> CalendarDay { provider() }

    /// Always `day` (for tests and replays).
    public static func fixed(_ day: CalendarDay) -> Today { Today { day } }

    /// The day of `now()` at the UTC offset `utcOffsetSeconds` gives for that instant.
    ///
    /// - Parameters:
    ///   - now: The current instant; `Date.init` by default.
    ///   - utcOffsetSeconds: The local offset from UTC at an instant; the system time
    ///     zone's by default (daylight saving time included).
    public static func system(
        now: @escaping @Sendable () -> Date = { Date() },
        utcOffsetSeconds: @escaping @Sendable (Date) -> Int = { TimeZone.current.secondsFromGMT(for: $0) }
    ) -> Today {
        Today {
            let instant = now()
            return day(of: instant, utcOffsetSeconds: utcOffsetSeconds(instant))
        }
    }

    /// The calendar day of `instant` at a fixed offset from UTC.
    public static func day(of instant: Date, utcOffsetSeconds: Int) -> CalendarDay {
        let seconds = instant.timeIntervalSince1970 + Double(utcOffsetSeconds)
        guard seconds.isFinite, seconds.magnitude < 1e14 else { return CalendarDay(daysSince1970: 0) }
        let days = Int((seconds / 86_400).rounded(.down))
        return CalendarDay(daysSince1970: days)
    }
}
