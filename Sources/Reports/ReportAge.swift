public import ReportSteps
import ReportStore

/// How old a report is, as a list says it: "reported today", "reported yesterday", "reported 3
/// days ago" — the days from the UTC day it was made or last renewed (``PetReport/renewedAt``)
/// to `today` (the server's injected ``Today``). A day in the future (a clock set back) is today.
///
/// ```swift
/// ReportAge.text(renewedAt: "2025-11-15T09:00:00.000Z", today: nov18)   // "reported 3 days ago"
/// ReportAge.text(renewedAt: nil, today: nov18)                          // nil
/// ```
public enum ReportAge {
    /// The whole days from `renewedAt`'s UTC day to `today` (0 for a later day); `nil` when it
    /// is not a ``ReportTimestamp``.
    public static func days(renewedAt: String?, today: CalendarDay) -> Int? {
        guard let renewedAt, let date = ReportTimestamp.date(renewedAt) else { return nil }
        let day = Today.day(of: date, utcOffsetSeconds: 0)
        return max(0, today.daysSince1970 - day.daysSince1970)
    }

    /// The text for a report renewed at `renewedAt`, or `nil` when it has no time.
    public static func text(renewedAt: String?, today: CalendarDay) -> String? {
        guard let days = days(renewedAt: renewedAt, today: today) else { return nil }
        switch days {
        case 0: return "reported today"
        case 1: return "reported yesterday"
        default: return "reported \(days) days ago"
        }
    }
}
