public import ReportStore

/// The copy of a free-text field that a flow's copy adds to one of its steps: a report field
/// (``ReportField``, an optional text) that no step's code knows, with the words and the
/// identifier the flow gives it. The step then asks for it (one line, optional, trimmed, at
/// most ``FieldEntry/maximumFreeText`` characters as a whole entry), its flow's state and
/// record carry it, the store keeps it and the card shows it — with no other code.
///
/// ```swift
/// TextFieldCopy(.collarColor, label: "Collar colour (optional)", placeholder: "e.g. red",
///               accessibilityIdentifier: "animalDescription.collarColorTextField.input")
/// ```
public struct TextFieldCopy: Sendable, Hashable {
    /// The report field it fills.
    public let field: ReportField
    /// The label above the input.
    public let label: String
    /// The greyed text while the input is empty.
    public let placeholder: String
    /// The `{screen}.{element}.{action}` identifier.
    public let accessibilityIdentifier: String
    /// The card's label for the field: the form's label without "(optional)", unless given.
    public let cardLabel: String

    /// The copy of `field`.
    public init(
        _ field: ReportField, label: String, placeholder: String = "", accessibilityIdentifier: String,
        cardLabel: String? = nil
    ) {
        self.field = field
        self.label = label
        self.placeholder = placeholder
        self.accessibilityIdentifier = accessibilityIdentifier
        self.cardLabel = cardLabel ?? Self.withoutOptional(label)
    }

    /// `Collar colour (optional)` → `Collar colour`.
    static func withoutOptional(_ label: String) -> String {
        let suffix = " (optional)"
        return label.hasSuffix(suffix) ? String(label.dropLast(suffix.count)) : label
    }
}

/// The free texts a flow's copy adds to a step (``TextFieldCopy``) and what is typed in them:
/// what the step does with every field it does not know by name.
struct AddedTexts: Sendable, Hashable {
    /// The added fields' copy, in screen order.
    let copies: [TextFieldCopy]
    /// What each field holds, as typed.
    private var values: [ReportField: String]

    /// The fields of `copies`, showing what `texts` (a flow state's) holds.
    init(_ copies: [TextFieldCopy], showing texts: [ReportField: String]) {
        self.copies = copies
        values = texts.filter { text in copies.contains { $0.field == text.key } }
    }

    /// The added fields, in screen order.
    var fields: [ReportField] { copies.map(\.field) }

    /// The field's text as typed; `""` for a field that is not one of these.
    func text(of field: ReportField) -> String { values[field] ?? "" }

    /// Takes `text` for `field` (a whole entry of more than ``FieldEntry/maximumFreeText``
    /// characters is refused, never cut); a field that is not one of these is ignored.
    ///
    /// - Throws: ``FieldTextError`` for a whole entry that is too long.
    mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        guard copies.contains(where: { $0.field == field }) else { return }
        values[field] = try entry.limited(text, FieldEntry.maximumFreeText)
    }

    /// The input of `field` (an empty one for a field that is not one of these).
    func model(of field: ReportField) -> TextFieldModel {
        let copy = copies.first { $0.field == field }
        return TextFieldModel(
            label: copy?.label ?? field.rawValue, placeholder: copy?.placeholder ?? "", text: text(of: field),
            accessibilityIdentifier: copy?.accessibilityIdentifier ?? "")
    }

    /// What Continue writes into the flow's state: each field's trimmed text, none when empty.
    func write(into texts: inout [ReportField: String]) {
        for copy in copies { texts[copy.field] = values[copy.field]?.trimmedNonEmpty }
    }
}
