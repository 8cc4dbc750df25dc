/// Everything a front end needs to draw one text input: copy, current text, inline error,
/// whether it is enabled, and the accessibility identifier UI tests look it up by.
///
/// ```swift
/// let race = step.breedField
/// race.label                      // "Animal race"
/// race.isDisabled                 // true until a species is chosen
/// race.accessibilityIdentifier    // "animalDescription.raceTextField.input"
/// ```
public struct TextFieldModel: Sendable, Hashable {
    /// The label above the input.
    public var label: String
    /// The greyed text shown while the input is empty.
    public var placeholder = ""
    /// The current text.
    public var text: String
    /// The inline message under the input after a failed submit, if this field has a problem.
    public var errorMessage: String?
    /// Helper text under the input when there is no error (a counter, a hint).
    public var helperText: String?
    /// `true` when the input does not accept edits.
    public var isDisabled = false
    /// `true` for multi-line inputs (text areas).
    public var isMultiline = false
    /// The `{screen}.{element}.{action}` identifier (spec 000 FR-016).
    public var accessibilityIdentifier: String

    // The steps make these with the memberwise initializer (label, placeholder, text,
    // errorMessage, helperText, isDisabled, isMultiline, accessibilityIdentifier; the ones
    // with a default may be left out): a front end only reads them.
}
