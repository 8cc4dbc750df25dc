extension AnimalDescriptionStep {
    /// The date field's text: `"Nov 18, 2025"`.
    public var dateText: String { date.mediumText }

    /// The species dropdown's entries, from the bundled list.
    public var speciesChoices: [ChoiceModel] {
        ChoiceModel.species(selected: species, dropdown: AnimalDescriptionCopy.ID.speciesDropdown)
    }

    /// The dropdown's text: the chosen species or the placeholder "Select an option".
    public var speciesText: String { species?.displayName ?? AnimalDescriptionCopy.speciesPlaceholder }

    /// The breed input (the form's race): disabled until a species is chosen.
    public var breedField: TextFieldModel {
        TextFieldModel(
            label: AnimalDescriptionCopy.raceLabel,
            placeholder: species == nil
                ? AnimalDescriptionCopy.racePlaceholderDisabled : AnimalDescriptionCopy.racePlaceholder,
            text: breedText, errorMessage: breedError, helperText: breedClearedNotice, isDisabled: species == nil,
            accessibilityIdentifier: AnimalDescriptionCopy.ID.raceTextField)
    }

    /// The two gender cards, Female then Male.
    public var genderChoices: [ChoiceModel] {
        ChoiceModel.sexes(
            selected: gender, female: AnimalDescriptionCopy.ID.genderFemale, male: AnimalDescriptionCopy.ID.genderMale)
    }

    /// The search radius dropdown's entries, smallest first, the chosen one marked; an entry's
    /// identifier is the dropdown's and its kilometres in words
    /// (`animalDescription.radiusDropdown.tap.fifteen`).
    public var radiusChoices: [ChoiceModel] {
        SearchRadiusChoice.all.map { choice in
            ChoiceModel(
                title: choice.title, isSelected: choice == radius,
                accessibilityIdentifier: AnimalDescriptionCopy.ID.radiusOption(kilometers: choice.kilometers))
        }
    }

    /// The search radius dropdown: its label, the chosen radius (`±10 km`) and its hint.
    public var radiusField: TextFieldModel {
        TextFieldModel(
            label: AnimalDescriptionCopy.radiusLabel, text: radius.title, helperText: AnimalDescriptionCopy.radiusHint,
            accessibilityIdentifier: AnimalDescriptionCopy.ID.radiusDropdown)
    }

    /// The age input.
    public var ageField: TextFieldModel {
        TextFieldModel(
            label: AnimalDescriptionCopy.ageLabel, placeholder: AnimalDescriptionCopy.agePlaceholder,
            text: ageText, errorMessage: ageError, accessibilityIdentifier: AnimalDescriptionCopy.ID.ageTextField)
    }

    /// The description text area, with its `123/500` counter as helper text.
    public var descriptionField: TextFieldModel {
        TextFieldModel(
            label: AnimalDescriptionCopy.descriptionLabel, placeholder: AnimalDescriptionCopy.descriptionPlaceholder,
            text: additionalDescription.value, helperText: additionalDescription.counterText, isMultiline: true,
            accessibilityIdentifier: AnimalDescriptionCopy.ID.descriptionTextArea)
    }
}
