import Geodata

extension AnimalDescriptionStep: FieldForm {
    /// *Animal description*'s fields, by their one name. Spec 000's flow state calls them
    /// `disappearanceDate`, `animalSpecies`, `animalRace`, `animalGender`, `animalAge`; on the
    /// wire they are the backend's (spec 003's announcement, spec 004's payload).
    public enum Field: String, ReportField {
        /// Date of disappearance, `YYYY-MM-DD`.
        case lastSeenDate
        /// The species (`DOG`).
        case species
        /// The race.
        case breed
        /// `FEMALE` or `MALE`.
        case gender
        /// Whole years, 0–40.
        case approximateAge
        /// Additional description.
        case description
        /// Last known latitude.
        case locationLatitude
        /// Last known longitude.
        case locationLongitude

        public var kind: FieldKind {
            switch self {
            case .lastSeenDate: .day
            case .species: .species
            case .breed: .text
            case .gender: .sex
            case .approximateAge: .wholeNumber
            case .description: .multilineText
            case .locationLatitude, .locationLongitude: .coordinate
            }
        }
    }

    public func text(of field: Field) -> String {
        switch field {
        case .lastSeenDate: date.fieldText
        case .species: species?.fieldText ?? ""
        case .breed: raceText
        case .gender: gender?.fieldText ?? ""
        case .approximateAge: ageText
        case .description: additionalDescription.value
        case .locationLatitude: coordinates.latitudeText
        case .locationLongitude: coordinates.longitudeText
        }
    }

    public mutating func enter(_ text: String, in field: Field, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .lastSeenDate: try enterDate(text, as: entry)  // always a date: today by default
        case .species: selectSpecies(try Self.choice(text, entry))
        case .breed: setRace(try Self.limited(text, FieldEntry.maximumFreeText, entry))
        case .gender: selectGender(try Self.choice(text, entry))
        case .approximateAge: setAge(text)
        case .description:
            setAdditionalDescription(try Self.limited(text, AnimalDescriptionCopy.descriptionLimit, entry))
        case .locationLatitude: coordinates.latitudeText = text
        case .locationLongitude: coordinates.longitudeText = text
        }
    }

    public func model(of field: Field) -> TextFieldModel {
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
        case .breed: raceField
        case .gender:
            TextFieldModel(
                label: AnimalDescriptionCopy.genderLabel, text: gender?.displayName ?? "", errorMessage: genderError,
                accessibilityIdentifier: AnimalDescriptionCopy.ID.genderFemale)
        case .approximateAge: ageField
        case .description: descriptionField
        case .locationLatitude: coordinates.latitudeField
        case .locationLongitude: coordinates.longitudeField
        }
    }

    public func choices(of field: Field) -> [ChoiceModel] {
        switch field {
        case .species: speciesChoices
        case .gender: genderChoices
        default: []
        }
    }

    public var fieldErrors: [(field: Field, message: String)] {
        let errors: [(Field, String?)] = [
            (.lastSeenDate, dateError), (.species, speciesError), (.breed, raceError), (.gender, genderError),
            (.approximateAge, ageError), (.locationLatitude, coordinates.latitudeError?.description),
            (.locationLongitude, coordinates.longitudeError?.description),
        ]
        return errors.compactMap { field, message in message.map { (field, $0) } }
    }
}

extension AnimalDescriptionStep: FlowStepForm, ReportDateStep {}
