import Geodata
import Hummingbird
import OutsideInput
import PetSpotJSON
import ReportSteps

/// One step of a report flow as the pages edit it: the ``ReportSteps`` model behind named
/// fields, so the step API can rebuild the model from what a page sends, forward each edit
/// to the model's own setter, and answer with what the model shows. No rule lives here.
protocol StepForm: Sendable {
    /// The flow (`"missing"`, `"found"`).
    static var flow: String { get }
    /// The step's name in the API (`"animalDescription"`), as the flows name their steps.
    static var step: String { get }
    /// The progress chip: `"3/4"`.
    static var progress: String { get }
    /// The field names in screen order.
    static var fields: [String] { get }

    /// The step as it opens: empty fields, or the model's defaults (today's date).
    init(today: Today)

    /// The field's text as the model shows it (`"12345-67890-1"` for collar data).
    func value(of field: String) -> String

    /// Forwards a person's edit of `field` to the model's setter.
    ///
    /// - Throws: ``Problem`` (400) when the text cannot be what a page sends for that field (a
    ///   species that is not in the list, a date that is not a date).
    mutating func apply(_ field: String, _ text: String) throws(Problem)

    /// The model's Continue (or Submit report's validation).
    mutating func continueTapped() -> StepOutcome

    /// Every field as the page draws it, in screen order.
    var views: [(name: String, view: FieldView)] { get }

    /// The latitude/longitude block, on the steps that have one.
    var coordinates: CoordinateFields? { get set }
}

/// A field as the page draws it: the model's identifier, text, inline error, helper text,
/// placeholder and whether it takes edits.
struct FieldView: Sendable {
    var id: String
    var value: String
    var error: String?
    var helper: String?
    var placeholder: String
    var disabled: Bool

    init(_ model: TextFieldModel, value: String? = nil) {
        id = model.accessibilityIdentifier
        self.value = value ?? model.text
        error = model.errorMessage
        helper = model.helperText
        placeholder = model.placeholder
        disabled = model.isDisabled
    }

    init(id: String, value: String, error: String?, placeholder: String = "") {
        self.id = id
        self.value = value
        self.error = error
        helper = nil
        self.placeholder = placeholder
        disabled = false
    }
}

/// How pages spell the choice fields.
enum FormText {
    /// The species of `text`: empty is no choice; anything else must be an id of the list.
    static func species(_ text: String, field: String) throws(Problem) -> SpeciesTaxonomyOption? {
        guard !text.isEmpty else { return nil }
        guard let option = SpeciesTaxonomy.options.first(where: { $0.id == text }) else {
            throw badValue(field, text, "one of \(SpeciesTaxonomy.options.map(\.id).joined(separator: ", ")) or empty")
        }
        return option
    }

    /// `FEMALE`, `MALE` or empty.
    static func gender(_ text: String, field: String) throws(Problem) -> AnimalGender? {
        guard !text.isEmpty else { return nil }
        guard let gender = AnimalGender(rawValue: text) else {
            throw badValue(field, text, "FEMALE, MALE or empty")
        }
        return gender
    }

    /// A day (`YYYY-MM-DD` as date inputs send it, or `DD/MM/YYYY`), or `nil` for empty.
    static func day(_ text: String, field: String) throws(Problem) -> CalendarDay? {
        guard !text.isEmpty else { return nil }
        do {
            return try CalendarDay(parsing: text)
        } catch {
            throw badValue(field, text, "a day as YYYY-MM-DD (\(error.description))")
        }
    }

    static func badValue(_ field: String, _ text: String, _ rule: String) -> Problem {
        Problem(
            .badRequest,
            detail: "Field '\(field)' must be \(rule); got '\(String(text.prefix(40)).terminalSafe)'.",
            extensions: [("field", .string(field))])
    }
}
