extension FoundPetDetailsStep {
    /// The date input: `DD/MM/YYYY` text, or empty with the `DD/MM/YYYY` placeholder.
    public var dateField: TextFieldModel {
        TextFieldModel(
            label: FoundFlowCopy.PetDetails.dateLabel, placeholder: FoundFlowCopy.PetDetails.datePlaceholder,
            text: date?.numericText ?? "", errorMessage: dateError,
            accessibilityIdentifier: FoundFlowCopy.PetDetails.ID.datePicker)
    }

    /// The species dropdown's entries.
    public var speciesChoices: [ChoiceModel] {
        ChoiceModel.species(selected: species, dropdown: FoundFlowCopy.PetDetails.ID.speciesDropdown)
    }

    /// The breed input.
    public var breedField: TextFieldModel {
        TextFieldModel(
            label: FoundFlowCopy.PetDetails.breedLabel, text: breedText,
            accessibilityIdentifier: FoundFlowCopy.PetDetails.ID.breedTextField)
    }

    /// The two sex cards (the report's gender), Female then Male.
    public var genderChoices: [ChoiceModel] {
        ChoiceModel.sexes(
            selected: gender, female: FoundFlowCopy.PetDetails.ID.sexFemale, male: FoundFlowCopy.PetDetails.ID.sexMale)
    }

    /// The collar data input (the microchip number), showing `00000-00000-00000` grouping.
    public var microchipField: TextFieldModel {
        chip.field(
            label: FoundFlowCopy.PetDetails.collarLabel, placeholder: FoundFlowCopy.PetDetails.collarPlaceholder,
            accessibilityIdentifier: FoundFlowCopy.PetDetails.ID.collarTextField)
    }

    /// The description text area with its counter.
    public var descriptionField: TextFieldModel {
        TextFieldModel(
            label: FoundFlowCopy.PetDetails.descriptionLabel,
            placeholder: FoundFlowCopy.PetDetails.descriptionPlaceholder, text: additionalDescription.value,
            helperText: additionalDescription.counterText, isMultiline: true,
            accessibilityIdentifier: FoundFlowCopy.PetDetails.ID.descriptionTextArea)
    }
}
