public import Foundation

/// A report's instants as text: UTC with milliseconds, `2026-12-06T16:10:00.000Z`, the form both
/// stores keep ``PetReport/renewedAt`` in. Every such text has the same length, so texts compare
/// (byte by byte) in the order of their instants: a store finds the reports renewed before a
/// time with a plain `<`.
///
/// ```swift
/// ReportTimestamp.text(Date(timeIntervalSince1970: 0))       // "1970-01-01T00:00:00.000Z"
/// ReportTimestamp.date("1970-01-01T00:00:00.000Z")            // 1970-01-01 00:00:00 +0000
/// ReportTimestamp.date("yesterday")                           // nil
/// ```
public enum ReportTimestamp {
    /// `date` as text, UTC, milliseconds (rounded down).
    public static func text(_ date: Date) -> String {
        formatter().string(from: date)
    }

    /// The instant of `text`, or `nil` when it is not in the form ``text(_:)`` writes (24
    /// characters, UTC, milliseconds).
    public static func date(_ text: String) -> Date? {
        guard text.utf8.count == 24, text.hasSuffix("Z") else { return nil }
        return formatter().date(from: text)
    }

    /// The whole days from `text`'s instant to `now` (0 on the same day or before it, by UTC
    /// days), or `nil` for a text that is not a timestamp.
    public static func days(since text: String, now: Date) -> Int? {
        guard let date = date(text) else { return nil }
        let seconds = now.timeIntervalSince1970.rounded(.down)
        let then = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, then.isFinite else { return nil }
        return max(0, Int((seconds / 86_400).rounded(.down)) - Int((then / 86_400).rounded(.down)))
    }

    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter
    }
}
