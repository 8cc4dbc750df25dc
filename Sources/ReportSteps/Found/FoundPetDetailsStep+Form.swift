import Geodata

extension FoundPetDetailsStep: FieldForm {
    /// *Pet details*' fields, by their one name: spec 004's payload names (the screen's Sex is
    /// `gender`, Collar data is `microchipNumber`).
    public enum Field: String, ReportField {
        /// Date found, `YYYY-MM-DD`.
        case lastSeenDate
        /// The species (`DOG`).
        case species
        /// The breed (optional).
        case breed
        /// `FEMALE` or `MALE`.
        case gender
        /// Collar data: the microchip number (optional).
        case microchipNumber
        /// Additional description (optional).
        case description
        /// Found location's latitude.
        case locationLatitude
        /// Found location's longitude.
        case locationLongitude

        public var kind: FieldKind {
            switch self {
            case .lastSeenDate: .day
            case .species: .species
            case .breed: .text
            case .gender: .sex
            case .microchipNumber: .digits
            case .description: .multilineText
            case .locationLatitude, .locationLongitude: .coordinate
            }
        }
    }

    /// The field's text; collar data as its input shows it, grouped (`12345-67890-12`).
    public func text(of field: Field) -> String {
        switch field {
        case .lastSeenDate: date?.fieldText ?? ""
        case .species: species?.fieldText ?? ""
        case .breed: breedText
        case .gender: sex?.fieldText ?? ""
        case .microchipNumber: microchip.formatted
        case .description: additionalDescription.value
        case .locationLatitude: coordinates.latitudeText
        case .locationLongitude: coordinates.longitudeText
        }
    }

    public mutating func enter(_ text: String, in field: Field, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .lastSeenDate: try enterDate(text, as: entry)
        case .species: selectSpecies(try Self.choice(text, entry))
        case .breed: setBreed(try Self.limited(text, FieldEntry.maximumFreeText, entry))
        case .gender: selectSex(try Self.choice(text, entry))
        case .microchipNumber: try collar.enter(text, as: entry)
        case .description:
            setAdditionalDescription(try Self.limited(text, FoundFlowCopy.PetDetails.descriptionLimit, entry))
        case .locationLatitude: coordinates.latitudeText = text
        case .locationLongitude: coordinates.longitudeText = text
        }
    }

    public func model(of field: Field) -> TextFieldModel {
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
                label: FoundFlowCopy.PetDetails.sexLabel, text: sex?.displayName ?? "", errorMessage: sexError,
                accessibilityIdentifier: FoundFlowCopy.PetDetails.ID.sexFemale)
        case .microchipNumber: collarField
        case .description: descriptionField
        case .locationLatitude: coordinates.latitudeField
        case .locationLongitude: coordinates.longitudeField
        }
    }

    public func choices(of field: Field) -> [ChoiceModel] {
        switch field {
        case .species: speciesChoices
        case .gender: sexChoices
        default: []
        }
    }

    public var fieldErrors: [(field: Field, message: String)] {
        let errors: [(Field, String?)] = [
            (.lastSeenDate, dateError), (.species, speciesError), (.gender, sexError),
            (.locationLatitude, coordinates.latitudeError?.description),
            (.locationLongitude, coordinates.longitudeError?.description),
        ]
        return errors.compactMap { field, message in message.map { (field, $0) } }
    }
}

extension FoundPetDetailsStep: FlowStepForm, ReportDateStep {}
