import Geodata
import OutsideInput

/// A day of the proleptic Gregorian calendar, with no time and no time zone: the value of
/// a "Date of disappearance" or "Date found" field.
///
/// Formatting and parsing are fixed English patterns computed here, never through a
/// locale-dependent `DateFormatter`, so a German or Polish system locale cannot change them:
///
/// ```swift
/// let day = try CalendarDay(year: 2025, month: 11, day: 18)
/// day.mediumText                                        // "Nov 18, 2025"   (MMM d, yyyy)
/// day.numericText                                       // "18/11/2025"     (DD/MM/YYYY)
/// day.isoText                                           // "2025-11-18"
/// try CalendarDay(parsing: "18/11/2025") == day         // true
/// ```
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…31 (checked against the month's length).
    public let day: Int

    /// English three-letter month names, fixed (what `en_US_POSIX` prints for `MMM`).
    static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// A checked day.
    ///
    /// - Throws: ``CalendarDayError/invalidDay`` when the day does not exist
    ///   (`2025-02-29`, month 13, year 0).
    public init(year: Int, month: Int, day: Int) throws(CalendarDayError) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { throw .invalidDay }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days from 1970-01-01 to 0001-01-01 and to 9999-12-31, the range of this type.
    static let dayRange = -719_162...2_932_896

    /// The day `days` days after 1970-01-01 (negative before it), clamped to
    /// 0001-01-01…9999-12-31.
    public init(daysSince1970 days: Int) {
        let clamped = min(max(days, Self.dayRange.lowerBound), Self.dayRange.upperBound)
        // Clamped to years 1…9999, so the parts fit an Int and the conversions cannot trap.
        let (year, month, day) = CivilDays.date(fromDays: Int64(clamped))
        self.year = Int(year)
        self.month = Int(month)
        self.day = Int(day)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int {
        // Years 1…9999 (checked in every initialiser): the days fit an Int.
        Int(CivilDays.days(fromYear: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(daysSince1970: daysSince1970 + count)
    }

    /// `"Nov 18, 2025"`: the `MMM d, yyyy` pattern with fixed English month names.
    public var mediumText: String {
        "\(Self.monthAbbreviations[month - 1]) \(day), \(Self.padded(year, 4))"
    }

    /// `"18/11/2025"`: the `DD/MM/YYYY` pattern of the Found flow's *Date found* field.
    public var numericText: String {
        "\(Self.padded(day, 2))/\(Self.padded(month, 2))/\(Self.padded(year, 4))"
    }

    /// `"2025-11-18"`: ISO 8601, as the backend stores dates.
    public var isoText: String {
        "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
    }

    /// Same as ``mediumText``.
    public var description: String { mediumText }

    /// Decodes the ISO text `"2025-11-18"`, checking that the day exists.
    public init(from decoder: any Decoder) throws {
        let parse = { (text: String) throws(CalendarDayError) -> CalendarDay in try CalendarDay(parsing: text) }
        self = try decoder.singleValueContainer().decodeChecked(String.self, parse) { "\($0): \($1)" }
    }

    /// Encodes as the ISO text `"2025-11-18"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isoText)
    }

    /// The earliest day a report may name, 1 January 1900: a year typed as `0203` (as a
    /// browser's date field can leave it) is a slip, not the day a pet went missing.
    public static let earliestReportable = CalendarDay(daysSince1970: -25_567)

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        Int(CivilDays.daysIn(month: Int64(month), year: Int64(year)))
    }

    static func isLeap(_ year: Int) -> Bool { CivilDays.isLeap(Int64(year)) }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Why a text or numbers are not a calendar day.
public enum CalendarDayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not `DD/MM/YYYY` or `YYYY-MM-DD`.
    case invalidFormat
    /// The numbers do not name a day that exists.
    case invalidDay

    /// The message a person sees.
    public var description: String {
        switch self {
        case .invalidFormat: "Use \(CalendarDay.acceptedFormats)"
        case .invalidDay: "This date does not exist"
        }
    }
}
