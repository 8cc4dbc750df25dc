import Geodata
public import ReportStore

extension FoundPetDetailsStep: FieldForm {
    /// *Pet details*' fields, in screen order, by the report's names (the screen's Sex is
    /// `gender`, Collar data is `microchipNumber`), then the texts the flow's copy adds
    /// (``FoundFlowCopy/PetDetails/addedTexts``).
    public static let fields: [ReportField] =
        [
            .lastSeenDate, .species, .breed, .gender, .microchipNumber, .description, .locationLatitude,
            .locationLongitude,
        ] + FoundFlowCopy.PetDetails.addedTexts.map(\.field)

    /// The field's text; collar data as its input shows it, grouped (`12345-67890-12`).
    public func text(of field: ReportField) -> String {
        field == .microchipNumber ? microchip.formatted : sharedText(of: field)
    }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .species: selectSpecies(try Self.choice(text, entry))
        case .microchipNumber: try chip.enter(text, as: entry)
        default: try enterShared(text, in: field, as: entry)
        }
    }

    public func model(of field: ReportField) -> TextFieldModel {
        switch field {
        case .lastSeenDate: dateField
        case .species:
            TextFieldModel(
                label: FoundFlowCopy.PetDetails.speciesLabel, placeholder: FoundFlowCopy.PetDetails.speciesPlaceholder,
                text: species?.displayName ?? "", errorMessage: speciesError,
                accessibilityIdentifier: FoundFlowCopy.PetDetails.ID.speciesDropdown)
        case .breed: breedField
        case .gender:
            TextFieldModel(
                label: FoundFlowCopy.PetDetails.sexLabel, text: gender?.displayName ?? "", errorMessage: genderError,
                accessibilityIdentifier: FoundFlowCopy.PetDetails.ID.sexFemale)
        case .microchipNumber: microchipField
        case .description: descriptionField
        case .locationLatitude: coordinates.latitudeField
        case .locationLongitude: coordinates.longitudeField
        default: addedTexts.model(of: field)
        }
    }

    public func choices(of field: ReportField) -> [ChoiceModel] {
        switch field {
        case .species: speciesChoices
        case .gender: genderChoices
        default: []
        }
    }

    public var fieldErrors: [(field: ReportField, message: String)] {
        Self.messages(
            [(.lastSeenDate, dateError), (.species, speciesError), (.gender, genderError)] + coordinateErrors)
    }
}

extension FoundPetDetailsStep: FlowStepForm, PetDescriptionForm {}
