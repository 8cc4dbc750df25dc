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

/// A step with a report's date field (``AnimalDescriptionStep``, ``FoundPetDetailsStep``):
/// the field's entry by text, which both flows take the same way.
protocol ReportDateStep: FieldForm {
    /// The inline message of the date field.
    var dateError: String? { get set }
    /// Picks the date; `false` (and no change) for a day out of bounds.
    mutating func selectDate(_ day: CalendarDay) -> Bool
    /// Why `day` cannot be the date; `nil` when it can.
    func dateMessage(_ day: CalendarDay) -> String?
}

extension ReportDateStep {
    /// Enters the date field's `text` (``FieldForm/enter(_:in:as:)``). An emptied date input
    /// keeps the last date: the model has no "clear the date" edit. A day out of bounds typed
    /// into a page's date input keeps the date as it was and says why under the field.
    ///
    /// - Throws: ``FieldTextError`` when the text is not a day, or for a whole entry of a day
    ///   out of bounds.
    mutating func enterDate(_ text: String, as entry: FieldEntry) throws(FieldTextError) {
        guard let day: CalendarDay = try Self.choice(text, entry) else { return }
        guard !selectDate(day), let message = dateMessage(day) else { return }
        if entry == .whole { throw FieldTextError(message) }
        // A picker offers no later day, but its input takes a typed year (2099, 0203): the date
        // stays as it was, and the field says why (issue 43: it used to say nothing for a later day).
        dateError = message
    }
}
