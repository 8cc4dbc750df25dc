/// The Missing flow's *Microchip number* step (1/4): an optional number, digits only, at most
/// 15, shown as `00000-00000-00000` — ``MicrochipNumber``'s one rule, the same as the Found
/// flow's Collar data (spec 004 FR-008 names this screen as its model).
///
/// ```swift
/// var step = MicrochipStep(state: state)
/// step.setMicrochip("123456789012")         // true
/// step.microchipField.text                   // "12345-67890-12"
/// step.setMicrochip("12a")                   // false: refused, the number stays
/// step.microchipError                        // "Digits only (spaces and hyphens are fine), …"
/// step.continueTapped(writingTo: &state)     // .advance: the step is optional
/// ```
public struct MicrochipStep: Sendable, Hashable {
    /// The number and the message of its last refused entry.
    var chip: MicrochipEntry

    /// The number entered (valid by construction; empty when none).
    public var microchip: MicrochipNumber { chip.number }
    /// Why the last entry was refused (``MicrochipNumber/EntryError``); the number stayed.
    public var microchipError: String? { chip.error }

    /// The step showing what `state` holds.
    public init(state: ReportMissingPetFlowState) {
        chip = MicrochipEntry(state.microchipNumber)
    }

    /// Enters the number as a whole (``MicrochipNumber/init(validating:)``). Anything but
    /// digits, spaces and hyphens, or more than 15 digits, is refused: the stored number stays
    /// and ``microchipError`` says why — never cut or filtered silently.
    ///
    /// - Returns: `true` when the entry was taken.
    @discardableResult
    public mutating func setMicrochip(_ text: String) -> Bool { chip.set(text) }

    /// What a page's input does with its text after a burst of keystrokes
    /// (``MicrochipNumber/type(_:into:)``): the digits an input that filters keystrokes keeps
    /// are taken, and ``microchipError`` says what was left out.
    public mutating func typeMicrochip(_ text: String) { chip.type(text) }

    /// Continue: always advances (the number is optional and the stored one is always
    /// valid), writing the digits — or `nil` for none — to `state`.
    public mutating func continueTapped(writingTo state: inout ReportMissingPetFlowState) -> StepOutcome {
        state.microchipNumber = chip.continued()
        return .advance
    }

    /// The number's input, grouped `00000-00000-00000`.
    public var microchipField: TextFieldModel {
        chip.field(
            label: MissingStepsCopy.Microchip.label, placeholder: MissingStepsCopy.Microchip.placeholder,
            accessibilityIdentifier: MissingStepsCopy.Microchip.ID.textField)
    }
}
