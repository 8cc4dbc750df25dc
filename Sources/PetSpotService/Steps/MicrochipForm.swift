import ReportSteps

/// The Missing flow's *Microchip number* (1/4) behind its one named field.
struct MicrochipForm: StepForm {
    static let flow = "missing"
    static let step = "microchip"
    static let progress = MissingStepsCopy.Microchip.progress
    static let fields = ["microchip"]

    var model: MicrochipStep
    /// What Continue wrote.
    var state = ReportMissingPetFlowState()

    init(today: Today) {
        model = MicrochipStep(state: ReportMissingPetFlowState())
    }

    func value(of field: String) -> String {
        field == "microchip" ? model.microchipField.text : ""
    }

    mutating func apply(_ field: String, _ text: String) throws(Problem) {
        // The page's field filters keystrokes (spec 004); a terminal's whole line is refused whole.
        if field == "microchip" { model.typeMicrochip(text) }
    }

    mutating func continueTapped() -> StepOutcome {
        model.continueTapped(writingTo: &state)
    }

    var views: [(name: String, view: FieldView)] {
        [("microchip", FieldView(model.microchipField))]
    }

    var coordinates: CoordinateFields? {
        get { nil }
        set {}
    }
}
