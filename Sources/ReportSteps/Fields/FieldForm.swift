public import ReportStore

/// What kind of value a field holds.
public enum FieldKind: Sendable, Hashable {
    /// One line of free text.
    case text
    /// Several lines of free text, with a limit and a counter.
    case multilineText
    /// A postal address: several lines.
    case address
    /// A calendar day, today or earlier.
    case day
    /// A whole number (an age in years).
    case wholeNumber
    /// Digits only, grouped as they are typed (a microchip number).
    case digits
    /// A latitude or a longitude in decimal degrees.
    case coordinate
    /// The person's own phone number.
    case ownPhone
    /// The person's own email.
    case ownEmail
    /// Someone else's phone number.
    case otherPhone
    /// One of the species list (a dropdown).
    case species
    /// Female or Male (two cards).
    case gender
    /// One of the search radii (a dropdown, ``SearchRadiusChoice``).
    case searchRadius
}

/// How a text reaches a field.
public enum FieldEntry: Sendable, Hashable {
    /// A whole value at once — an answers file's, a posted report's, a terminal line: a value
    /// the field does not take is refused with its message, never cut or filtered.
    case whole
    /// What a page's input holds after keystrokes: the input's own filter applies silently
    /// (a microchip input keeps the digits, a text area stops at its limit, a date picker
    /// offers no later day), and an emptied choice is no choice.
    case keystrokes
}

/// A field and what is wrong with it, by the field's name: an answers file's
/// `field: message` line, one of a 422's `errors`.
public struct FieldProblem: Sendable, Hashable, CustomStringConvertible {
    /// The field's name (``ReportField``'s raw value), or another member's name.
    public let field: String
    /// The message a person sees.
    public let message: String

    /// A problem with `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}

/// A step whose fields every front end reads and writes by name, as text: the step API
/// replays a page's edits through it, a posted report and an answers file fill it, a draft
/// keeps it. Every rule stays the step's own: this is only the way in and out.
///
/// A step's fields are report fields (``ReportField``, the record's one vocabulary): their
/// raw value is the field's one name everywhere — the step API's `values`, a posted report's
/// members, an answers file's keys, a draft, the page's input names and the OpenAPI document —
/// and ``fields`` lists the step's in screen order.
///
/// ```swift
/// var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: .system())
/// try step.enter("dog", in: .species, as: .whole)
/// try step.enter("Beagle", in: .breed, as: .whole)
/// step.text(of: .species)                     // "DOG"
/// AnimalDescriptionStep.fields.contains(.reward)   // false: not a field of this step
/// ```
public protocol FieldForm: Sendable {
    /// The step's fields, in screen order.
    static var fields: [ReportField] { get }

    /// The field's text as the model shows it now, written by its ``FieldValue`` codec: what a
    /// page puts in its input, what a draft keeps.
    func text(of field: ReportField) -> String

    /// Enters `text` in `field` through the model's own setter.
    ///
    /// - Throws: ``FieldTextError`` when the text is not a value the field takes (its
    ///   codec's message); with ``FieldEntry/whole``, also when the model refuses it (a
    ///   microchip with letters, a text over its limit, a future date). The model is then
    ///   unchanged.
    mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError)

    /// What a front end draws for `field`: its label, placeholder, inline error, helper text,
    /// whether it takes edits and its accessibility identifier (its text is the model's
    /// display text; ``text(of:)`` is the value).
    func model(of field: ReportField) -> TextFieldModel

    /// The inline messages the last Continue left, by field, in screen order.
    var fieldErrors: [(field: ReportField, message: String)] { get }

    /// The choices of a ``FieldKind/species``, ``FieldKind/gender`` or ``FieldKind/searchRadius`` field, in screen order,
    /// each with its identifier; empty for the other fields.
    func choices(of field: ReportField) -> [ChoiceModel]
}

extension FieldForm {
    /// No choices: a step without a dropdown or cards.
    public func choices(of field: ReportField) -> [ChoiceModel] { [] }

    /// Whether `field` is one of the step's.
    public static func has(_ field: ReportField) -> Bool { fields.contains(field) }

    /// The step's field named `name`, or `nil` when the step has none of that name.
    public static func field(named name: String) -> ReportField? {
        ReportField(rawValue: name).flatMap { has($0) ? $0 : nil }
    }

    /// The step's field names, in screen order.
    public static var names: [String] { fields.map(\.rawValue) }

    /// Enters every field `texts` names, in screen order, as ``FieldEntry/whole`` values: an
    /// answers file, a posted report.
    ///
    /// - Returns: the refusals, by field, in screen order.
    public mutating func fill(_ texts: (ReportField) -> String?) -> [(field: ReportField, error: FieldTextError)] {
        var refused: [(field: ReportField, error: FieldTextError)] = []
        for field in Self.fields {
            guard let text = texts(field) else { continue }
            do throws(FieldTextError) {
                try enter(text, in: field, as: .whole)
            } catch {
                refused.append((field, error))
            }
        }
        return refused
    }

    /// The problems to list after Continue: the step's inline messages, except for a field
    /// whose text was refused (`refused`), which has its own ("\"lizard\" is not one of the
    /// species" says more than "Please select a species").
    public func problems(besides refused: [(field: ReportField, error: FieldTextError)]) -> [FieldProblem] {
        let named = Set(refused.map(\.field))
        return fieldErrors.filter { !named.contains($0.field) }.map {
            FieldProblem(field: $0.field.rawValue, message: $0.message)
        }
    }

    /// Every field's text, by name, in screen order: what a page keeps and sends back.
    public var texts: [(field: ReportField, text: String)] { Self.fields.map { ($0, text(of: $0)) } }

    /// The inline messages of the last Continue by accessibility identifier, in screen order.
    public var inlineErrors: [(field: String, message: String)] {
        fieldErrors.map { (model(of: $0.field).accessibilityIdentifier, $0.message) }
    }
}

extension FieldForm {
    /// An optional choice from `text` through its codec: empty is no choice when a page's
    /// input was emptied (``FieldEntry/keystrokes``); otherwise the codec decides.
    static func choice<Value: FieldValue>(_ text: String, _ entry: FieldEntry) throws(FieldTextError) -> Value? {
        if text.isEmpty, entry == .keystrokes { return nil }
        return try Value(fieldText: text)
    }

    /// `text` when it has at most `limit` characters, for a whole entry (a file's or a body's
    /// text is never cut silently); a page's input stops at the limit itself.
    static func limited(_ text: String, _ limit: Int, _ entry: FieldEntry) throws(FieldTextError) -> String {
        try entry.limited(text, limit)
    }

    /// ``fieldErrors`` from each field's message, in screen order: the fields with one.
    static func messages(_ errors: [(ReportField, String?)]) -> [(field: ReportField, message: String)] {
        errors.compactMap { field, message in message.map { (field, $0) } }
    }
}

extension FieldEntry {
    /// `text` when it has at most `limit` characters, for a whole entry (a file's or a body's
    /// text is never cut silently); a page's input stops at the limit itself.
    ///
    /// - Throws: ``FieldTextError`` for a longer whole entry.
    func limited(_ text: String, _ limit: Int) throws(FieldTextError) -> String {
        guard self == .whole, text.count > limit else { return text }
        throw FieldTextError(
            "at most \(limit) characters; this one has \(text.count) (nothing was cut: shorten it)")
    }
}

/// A step of a flow: a field form whose Continue (Submit report on the last step) checks it
/// and writes its valid values into the flow's state.
public protocol FlowStepForm: FieldForm {
    /// The flow's values (``ReportMissingPetFlowState``, ``ReportFoundPetFlowState``).
    associatedtype FlowState

    /// Checks every field; when all are valid writes them to `state` and advances, otherwise
    /// sets the inline messages and returns the toast.
    mutating func continueTapped(writingTo state: inout FlowState) -> StepOutcome
}

extension FieldEntry {
    /// The longest free text a whole entry may have where the step sets no limit of its own (a
    /// breed): 2,048 characters. A page's input has no such limit; the store keeps 4,096 bytes.
    public static let maximumFreeText = 2048
}
