/// A microchip number's input as both flows keep it — the Missing flow's *Microchip number*
/// and the Found flow's Collar data (spec 004 FR-008 names the one as the other's model): the
/// number, valid by construction (empty when none), and why the last entry was refused.
///
/// ```swift
/// var chip = MicrochipEntry(nil)
/// chip.set("123456789012")      // true: chip.number.formatted == "12345-67890-12"
/// chip.set("12a")               // false: the number stays, chip.error says why
/// ```
struct MicrochipEntry: Sendable, Hashable {
    /// The number entered (valid by construction; empty when none).
    private(set) var number: MicrochipNumber
    /// Why the last entry was refused (``MicrochipNumber/EntryError``); the number stayed.
    /// Cleared by an accepted entry or Continue.
    private(set) var error: String?

    /// The input showing `number`, or empty.
    init(_ number: MicrochipNumber?) {
        self.number = number ?? MicrochipNumber(typing: "")
    }

    /// A whole entry (``MicrochipNumber/enter(_:into:)``): digits, with spaces and hyphens
    /// ignored, at most 15. Anything else is refused — the number stays and ``error`` says
    /// why — never cut or filtered silently.
    ///
    /// - Returns: `true` when the entry was taken.
    mutating func set(_ text: String) -> Bool {
        error = MicrochipNumber.enter(text, into: &number)
        return error == nil
    }

    /// What a page's input does with its text after a burst of keystrokes
    /// (``MicrochipNumber/type(_:into:)``): the digits an input that filters keystrokes keeps
    /// are taken, and ``error`` says what was left out.
    mutating func type(_ text: String) {
        error = MicrochipNumber.type(text, into: &number)
    }

    /// A form's entry by field name: a page's input filters keystrokes (spec 004), so
    /// ``FieldEntry/keystrokes`` are typed; a whole entry is refused whole.
    ///
    /// - Throws: ``FieldTextError`` with the field's message when a whole entry is refused.
    mutating func enter(_ text: String, as entry: FieldEntry) throws(FieldTextError) {
        guard entry != .keystrokes else { return type(text) }
        if !set(text), let error { throw FieldTextError(error) }
    }

    /// Continue: the message goes (the stored number is always valid; a refused entry changed
    /// nothing).
    ///
    /// - Returns: the number to keep, `nil` for none.
    mutating func continued() -> MicrochipNumber? {
        error = nil
        return number.isEmpty ? nil : number
    }

    /// The input, grouped `00000-00000-00000`, with the message of a refused entry.
    func field(label: String, placeholder: String, accessibilityIdentifier: String) -> TextFieldModel {
        TextFieldModel(
            label: label, placeholder: placeholder, text: number.formatted, errorMessage: error,
            accessibilityIdentifier: accessibilityIdentifier)
    }
}
