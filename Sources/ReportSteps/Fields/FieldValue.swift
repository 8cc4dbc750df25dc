import OutsideInput

/// A value a report field holds, read from text and written as text the same way by every
/// front end — the step API, a posted report, an answers file, a draft, a page: one text
/// codec per value type. ``init(fieldText:)`` says what a person or a client may type, and
/// its error is the message they see; ``fieldText`` is the one way the value is written.
///
/// ```swift
/// try AnimalGender(fieldText: "f")                 // .female
/// AnimalGender.female.fieldText                    // "FEMALE"
/// try SpeciesTaxonomyOption(fieldText: "Cat").fieldText   // "CAT"
/// try AnimalGender(fieldText: "x")                 // throws: "x" is not female or male
/// ```
public protocol FieldValue: Sendable {
    /// The value `text` names.
    ///
    /// - Throws: ``FieldTextError`` whose description is the message a person sees.
    init(fieldText text: String) throws(FieldTextError)

    /// The value as every front end writes it.
    var fieldText: String { get }
}

/// Why a field's text is not a value the field takes. The ``description`` is the message a
/// person sees: under the field, in an answers file's problem list, in a 422's `errors`.
public struct FieldTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message.
    public let description: String

    /// An error saying `message`.
    public init(_ message: String) {
        description = message
    }

    /// Outside text in a message: quoted, at most 40 characters, control characters escaped.
    static func quoted(_ text: String) -> String {
        "\"\(String(text.prefix(40)).terminalSafe)\""
    }

    /// `body`'s value; its error, whose description is the message, as a field text error.
    static func reading<Value, Failure: Error & CustomStringConvertible>(_ body: () throws(Failure) -> Value)
        throws(FieldTextError) -> Value
    {
        do {
            return try body()
        } catch {
            throw FieldTextError(error.description)
        }
    }
}

extension SpeciesTaxonomyOption: FieldValue {
    /// An identifier or a name of the bundled list, in any case: `dog`, `Dog`, `DOG`.
    ///
    /// - Throws: `"lizard" is not one of the species (Dog, Cat, Bird, Rabbit, Other)`.
    public init(fieldText text: String) throws(FieldTextError) {
        guard let option = SpeciesTaxonomy.option(id: text) else {
            let names = SpeciesTaxonomy.options.map(\.displayName).joined(separator: ", ")
            throw FieldTextError("\(FieldTextError.quoted(text)) is not one of the species (\(names))")
        }
        self = option
    }

    /// The identifier in upper case, as the backend stores it: `"DOG"`.
    public var fieldText: String { id.uppercased() }
}

extension AnimalGender: FieldValue {
    /// `female` or `f`, `male` or `m`, in any case (`FEMALE`, as written, included).
    ///
    /// - Throws: `"x" is not female or male`.
    public init(fieldText text: String) throws(FieldTextError) {
        switch text.lowercased() {
        case "female", "f": self = .female
        case "male", "m": self = .male
        default: throw FieldTextError("\(FieldTextError.quoted(text)) is not female or male")
        }
    }

    /// `"FEMALE"` or `"MALE"`.
    public var fieldText: String { rawValue }
}

extension CalendarDay: FieldValue {
    /// What ``init(parsing:)`` reads: `DD/MM/YYYY` (also with `.` or `-`) or `YYYY-MM-DD`.
    ///
    /// - Throws: the ``CalendarDayError``'s message.
    public init(fieldText text: String) throws(FieldTextError) {
        self = try FieldTextError.reading { () throws(CalendarDayError) in try CalendarDay(parsing: text) }
    }

    /// `YYYY-MM-DD`.
    public var fieldText: String { isoText }
}

extension MicrochipNumber: FieldValue {
    /// A whole entry (``init(validating:)``): digits, with spaces and hyphens between them
    /// ignored, at most 15.
    ///
    /// - Throws: the ``EntryError``'s message; nothing is cut.
    public init(fieldText text: String) throws(FieldTextError) {
        self = try FieldTextError.reading { () throws(EntryError) in try MicrochipNumber(validating: text) }
    }

    /// The digits: `"123456789012345"`.
    public var fieldText: String { digits }
}
