import ReportSteps
import ReportStore
import Testing

/// A date typed into a page's date input (``FieldEntry/keystrokes``): Chromium's date field
/// lets a year be typed past the picker's bounds (2099, 0203). The date stays as it was, and
/// the field says why — issue 43: a later day was put back without a word.
@Suite("Report dates typed out of range, both flows")
struct ReportDateTypingTests {
    /// The date field's text and message after `day` is typed over 1 November 2025.
    static func typed<Form: FieldForm>(_ day: String, into form: Form, _ field: ReportField) throws -> (
        text: String, message: String?
    ) {
        var form = form
        try form.enter("2025-11-01", in: field, as: .keystrokes)
        try form.enter(day, in: field, as: .keystrokes)
        return (form.text(of: field), form.model(of: field).errorMessage)
    }

    @Test(
        arguments: [
            ("2099-01-01", "The date cannot be in the future"), ("2025-11-19", "The date cannot be in the future"),
            ("1850-06-01", "The date cannot be before 1900"), ("0203-12-31", "The date cannot be before 1900"),
        ], ["missing", "found"])
    func aDateTypedOutOfRangeStaysAndSaysWhy(entry: (day: String, message: String), flow: String) throws {
        let shown =
            flow == "missing"
            ? try Self.typed(
                entry.day, into: AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday),
                .lastSeenDate)
            : try Self.typed(
                entry.day, into: FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday),
                .lastSeenDate)
        #expect(shown.text == "2025-11-01", "the date stays as it was")
        #expect(shown.message == entry.message)
    }

    @Test func aDateInRangeClearsTheMessage() throws {
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        try step.enter("2099-01-01", in: .lastSeenDate, as: .keystrokes)
        #expect(step.fieldErrors.map(\.message) == ["The date cannot be in the future"])
        try step.enter("2025-11-02", in: .lastSeenDate, as: .keystrokes)
        #expect(step.model(of: .lastSeenDate).errorMessage == nil)
        #expect(step.text(of: .lastSeenDate) == "2025-11-02")
    }
}
