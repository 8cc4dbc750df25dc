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
        case .lastSeenDate: date.fieldText
        case .species: species?.fieldText ?? ""
        case .breed: breedText
        case .gender: gender?.fieldText ?? ""
        case .approximateAge: ageText
        case .description: additionalDescription.value
        case .locationLatitude: coordinates.latitudeText
        case .locationLongitude: coordinates.longitudeText
        case .locationRadius: radius.fieldText
        default: addedTexts.text(of: field)
        }
    }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .lastSeenDate: try enterDate(text, as: entry)  // always a date: today by default
        case .species: selectSpecies(try Self.choice(text, entry))
        case .breed: setBreed(try Self.limited(text, FieldEntry.maximumFreeText, entry))
        case .gender: selectGender(try Self.choice(text, entry))
        case .approximateAge: setAge(text)
        case .description:
            setAdditionalDescription(try Self.limited(text, AnimalDescriptionCopy.descriptionLimit, entry))
        case .locationLatitude: coordinates.latitudeText = text
        case .locationLongitude: coordinates.longitudeText = text
        case .locationRadius: selectRadius(try Self.choice(text, entry))
        default: try addedTexts.enter(text, in: field, as: entry)
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
        let errors: [(ReportField, String?)] = [
            (.lastSeenDate, dateError), (.species, speciesError), (.breed, breedError), (.gender, genderError),
            (.approximateAge, ageError), (.locationLatitude, coordinates.latitudeError?.description),
            (.locationLongitude, coordinates.longitudeError?.description),
        ]
        return errors.compactMap { field, message in message.map { (field, $0) } }
    }
}

extension AnimalDescriptionStep: FlowStepForm, ReportDateStep {}
