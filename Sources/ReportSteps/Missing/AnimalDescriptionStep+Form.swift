import Geodata
public import ReportStore

extension AnimalDescriptionStep: FieldForm {
    /// *Animal description*'s fields, in screen order: the date, the species, the breed (the
    /// form's race), the gender, the age, the description, the coordinates, the search radius,
    /// then the texts the flow's copy adds (``AnimalDescriptionCopy/addedTexts``).
    public static let fields: [ReportField] =
        [
            .lastSeenDate, .species, .breed, .gender, .approximateAge, .description, .locationLatitude,
            .locationLongitude, .locationRadius,
        ]
        + AnimalDescriptionCopy.addedTexts.map(\.field)

    public func text(of field: ReportField) -> String {
        switch field {
        case .approximateAge: ageText
        case .locationRadius: radius.fieldText
        default: sharedText(of: field)
        }
    }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .species: selectSpecies(try Self.choice(text, entry))
        case .approximateAge: setAge(text)
        case .locationRadius: selectRadius(try Self.choice(text, entry))
        default: try enterShared(text, in: field, as: entry)
        }
    }

    public func model(of field: ReportField) -> TextFieldModel {
        switch field {
        case .lastSeenDate:
            TextFieldModel(
                label: AnimalDescriptionCopy.dateLabel, text: dateText, errorMessage: dateError,
                accessibilityIdentifier: AnimalDescriptionCopy.ID.datePicker)
        case .species:
            TextFieldModel(
                label: AnimalDescriptionCopy.speciesLabel, placeholder: AnimalDescriptionCopy.speciesPlaceholder,
                text: species?.displayName ?? "", errorMessage: speciesError,
                accessibilityIdentifier: AnimalDescriptionCopy.ID.speciesDropdown)
        case .breed: breedField
        case .gender:
            TextFieldModel(
                label: AnimalDescriptionCopy.genderLabel, text: gender?.displayName ?? "", errorMessage: genderError,
                accessibilityIdentifier: AnimalDescriptionCopy.ID.genderFemale)
        case .approximateAge: ageField
        case .description: descriptionField
        case .locationLatitude: coordinates.latitudeField
        case .locationLongitude: coordinates.longitudeField
        case .locationRadius: radiusField
        default: addedTexts.model(of: field)
        }
    }

    public func choices(of field: ReportField) -> [ChoiceModel] {
        switch field {
        case .species: speciesChoices
        case .gender: genderChoices
        case .locationRadius: radiusChoices
        default: []
        }
    }

    public var fieldErrors: [(field: ReportField, message: String)] {
        Self.messages(
            [
                (.lastSeenDate, dateError), (.species, speciesError), (.breed, breedError), (.gender, genderError),
                (.approximateAge, ageError),
            ] + coordinateErrors)
    }
}

extension AnimalDescriptionStep: FlowStepForm, PetDescriptionForm {}
