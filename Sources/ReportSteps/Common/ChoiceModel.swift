/// One choice of a selector (species dropdown entry, a gender card).
public struct ChoiceModel: Sendable, Hashable {
    /// The text shown.
    public var title: String
    /// `true` when this choice is the selected one.
    public var isSelected: Bool
    /// The identifier UI tests tap.
    public var accessibilityIdentifier: String

    // The steps make these with the memberwise initializer, as `TextFieldModel`s: a front end
    // only reads them.
}
