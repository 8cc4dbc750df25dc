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

extension ChoiceModel {
    /// The species dropdown's entries, from the bundled list (``SpeciesTaxonomy/options``),
    /// `selected` marked; an entry's identifier is the dropdown's and the species' id
    /// (`animalDescription.speciesDropdown.tap.dog`).
    static func species(selected: SpeciesTaxonomyOption?, dropdown: String) -> [ChoiceModel] {
        SpeciesTaxonomy.options.map { option in
            ChoiceModel(
                title: option.displayName, isSelected: option == selected,
                accessibilityIdentifier: "\(dropdown).\(option.id)")
        }
    }

    /// The two sex cards, Female then Male, `selected` marked.
    static func sexes(selected: AnimalGender?, female: String, male: String) -> [ChoiceModel] {
        [(AnimalGender.female, female), (.male, male)].map { sex, identifier in
            ChoiceModel(title: sex.displayName, isSelected: sex == selected, accessibilityIdentifier: identifier)
        }
    }
}
