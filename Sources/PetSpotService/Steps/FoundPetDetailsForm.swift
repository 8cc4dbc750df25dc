import ReportSteps

/// The Found flow's *Pet details* (2/3) behind named fields.
struct FoundPetDetailsForm: StepForm {
    static let flow = "found"
    static let step = "petDetails"
    static let progress = FoundFlowCopy.PetDetails.progress
    static let fields = ["date", "species", "breed", "sex", "collarData", "description", "latitude", "longitude"]

    var model: FoundPetDetailsStep
    /// What Continue wrote.
    var state = ReportFoundPetFlowState()

    init(today: Today) {
        model = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: today)
    }

    func value(of field: String) -> String {
        switch field {
        case "date": model.date?.isoText ?? ""
        case "species": model.species?.id ?? ""
        case "breed": model.breedText
        case "sex": model.sex?.rawValue ?? ""
        case "collarData": model.collarField.text
        case "description": model.additionalDescription.value
        case "latitude": model.coordinates.latitudeText
        case "longitude": model.coordinates.longitudeText
        default: ""
        }
    }

    mutating func apply(_ field: String, _ text: String) throws(Problem) {
        switch field {
        // An emptied date input keeps the last date: the model has no "clear the date" edit.
        case "date": if let day = try FormText.day(text, field: field) { model.selectDate(day) }
        case "species": model.selectSpecies(try FormText.species(text, field: field))
        case "breed": model.setBreed(text)
        case "sex": model.selectSex(try FormText.gender(text, field: field))
        case "collarData": model.setCollarData(text)
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
            ("date", FieldView(model.dateField, value: model.date?.isoText ?? "")),
            (
                "species",
                FieldView(
                    id: FoundFlowCopy.PetDetails.ID.speciesDropdown, value: model.species?.id ?? "",
                    error: model.speciesError, placeholder: FoundFlowCopy.PetDetails.speciesPlaceholder)
            ),
            ("breed", FieldView(model.breedField)),
            (
                "sex",
                FieldView(
                    id: FoundFlowCopy.PetDetails.ID.sexFemale, value: model.sex?.rawValue ?? "", error: model.sexError)
            ),
            ("collarData", FieldView(model.collarField)),
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
