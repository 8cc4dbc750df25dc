/// The copy both flows show under a report's date field (*Date of disappearance*, *Date
/// found*) when the day is out of bounds.
public enum ReportDateCopy {
    /// Inline message: a day after today.
    public static let inFuture = "The date cannot be in the future"
    /// Inline message: a day before ``CalendarDay/earliestReportable``.
    public static let tooEarly = "The date cannot be before 1900"
}

extension CalendarDay {
    /// Why this day cannot be a report's date when `latest` (today) is the last day allowed:
    /// after `latest` or before ``earliestReportable``; `nil` when it can.
    ///
    /// ```swift
    /// try CalendarDay(year: 203, month: 1, day: 1).reportDateMessage(latest: today)  // "The date cannot be before 1900"
    /// ```
    public func reportDateMessage(latest: CalendarDay) -> String? {
        if self > latest { return ReportDateCopy.inFuture }
        return self < .earliestReportable ? ReportDateCopy.tooEarly : nil
    }
}
