/// A report's date field as both flows keep it — the Missing flow's *Date of disappearance*
/// and the Found flow's *Date found*: the day picked (none until picked, where a flow gives
/// no default) and the field's inline message. The latest day allowed is the step's today.
///
/// ```swift
/// var date = ReportDateEntry(nil)
/// date.select(day, latest: today)              // true: date.day == day
/// date.select(today.adding(days: 1), latest: today)   // false: the day stays
/// ```
struct ReportDateEntry: Sendable, Hashable {
    /// The day picked; `nil` until one is.
    private(set) var day: CalendarDay?
    /// The field's inline message: set by Continue, or by a day out of bounds typed into a
    /// page's date input.
    var error: String?

    /// The field showing `day`, or empty.
    init(_ day: CalendarDay?) { self.day = day }

    /// Picks `day`; a day after `latest`, or before ``CalendarDay/earliestReportable``, is
    /// refused. An accepted day clears the message.
    ///
    /// - Returns: `false` (and no change) for a day out of bounds.
    mutating func select(_ day: CalendarDay, latest: CalendarDay) -> Bool {
        guard day.reportDateMessage(latest: latest) == nil else { return false }
        self.day = day
        error = nil
        return true
    }

    /// Enters the field's `text` (``FieldForm/enter(_:in:as:)``). An emptied date input
    /// keeps the last date: the model has no "clear the date" edit. A day out of bounds typed
    /// into a page's date input keeps the date as it was and says why under the field.
    ///
    /// - Throws: ``FieldTextError`` when the text is not a day, or for a whole entry of a day
    ///   out of bounds.
    mutating func enter(_ text: String, as entry: FieldEntry, latest: CalendarDay) throws(FieldTextError) {
        if text.isEmpty, entry == .keystrokes { return }
        let day = try CalendarDay(fieldText: text)
        guard !select(day, latest: latest), let message = day.reportDateMessage(latest: latest) else { return }
        if entry == .whole { throw FieldTextError(message) }
        // A picker offers no later day, but its input takes a typed year (2099, 0203): the date
        // stays as it was, and the field says why (issue 43: it used to say nothing for a later day).
        error = message
    }
}
