import ReportSteps

/// The Missing flow's *Animal description* (3/4) behind named fields.
struct AnimalDescriptionForm: StepForm {
    static let flow = "missing"
    static let step = "animalDescription"
    static let progress = AnimalDescriptionCopy.progress
    static let fields = ["date", "species", "race", "gender", "age", "description", "latitude", "longitude"]

    var model: AnimalDescriptionStep
    /// What Continue wrote.
    var state = ReportMissingPetFlowState()

    init(today: Today) {
        model = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: today)
    }

    func value(of field: String) -> String {
        switch field {
        case "date": model.date.isoText
        case "species": model.species?.id ?? ""
        case "race": model.raceText
        case "gender": model.gender?.rawValue ?? ""
        case "age": model.ageText
        case "description": model.additionalDescription.value
        case "latitude": model.coordinates.latitudeText
        case "longitude": model.coordinates.longitudeText
        default: ""
        }
    }

    mutating func apply(_ field: String, _ text: String) throws(Problem) {
        switch field {
        // The date always has a value (today by default); an emptied date input keeps it.
        case "date": if let day = try FormText.day(text, field: field) { model.selectDate(day) }
        case "species": model.selectSpecies(try FormText.species(text, field: field))
        case "race": model.setRace(text)
        case "gender": model.selectGender(try FormText.gender(text, field: field))
        case "age": model.setAge(text)
        case "description": model.setAdditionalDescription(text)
        case "latitude": model.coordinates.latitudeText = text
        case "longitude": model.coordinates.longitudeText = text
        default: break
        }
    }

    mutating func continueTapped() -> StepOutcome {
        model.continueTapped(writingTo: &state)
    }

    var views: [(name: String, view: FieldView)] {
        [
            (
                "date",
                FieldView(id: AnimalDescriptionCopy.ID.datePicker, value: model.date.isoText, error: model.dateError)
            ),
            (
                "species",
                FieldView(
                    id: AnimalDescriptionCopy.ID.speciesDropdown, value: model.species?.id ?? "",
                    error: model.speciesError, placeholder: AnimalDescriptionCopy.speciesPlaceholder)
            ),
            ("race", FieldView(model.raceField)),
            (
                "gender",
                FieldView(
                    id: AnimalDescriptionCopy.ID.genderFemale, value: model.gender?.rawValue ?? "",
                    error: model.genderError)
            ),
            ("age", FieldView(model.ageField)),
            ("description", FieldView(model.descriptionField)),
            ("latitude", FieldView(model.coordinates.latitudeField)),
            ("longitude", FieldView(model.coordinates.longitudeField)),
        ]
    }

    var coordinates: CoordinateFields? {
        get { model.coordinates }
        set { if let newValue { model.coordinates = newValue } }
    }
}
