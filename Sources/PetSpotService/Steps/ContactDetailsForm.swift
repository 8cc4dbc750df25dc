import ReportSteps

/// The Missing flow's *Contact details* (4/4) behind named fields.
struct ContactDetailsForm: StepForm {
    static let flow = "missing"
    static let step = "contactDetails"
    static let progress = MissingStepsCopy.Contact.progress
    static let fields = ["phone", "email"]

    var model: ContactDetailsStep
    /// What Submit report's validation wrote; starts as the earlier steps left it.
    var state: ReportMissingPetFlowState

    init(today: Today) {
        self.init(state: ReportMissingPetFlowState())
    }

    /// The step over what the earlier steps wrote.
    init(state: ReportMissingPetFlowState) {
        self.state = state
        model = ContactDetailsStep(state: ReportMissingPetFlowState())
    }

    func value(of field: String) -> String {
        switch field {
        case "phone": model.phoneText
        case "email": model.emailText
        default: ""
        }
    }

    mutating func apply(_ field: String, _ text: String) throws(Problem) {
        switch field {
        case "phone": model.setPhone(text)
        case "email": model.setEmail(text)
        default: break
        }
    }

    mutating func continueTapped() -> StepOutcome {
        model.validate(writingTo: &state)
    }

    var views: [(name: String, view: FieldView)] {
        [("phone", FieldView(model.phoneField)), ("email", FieldView(model.emailField))]
    }

    var coordinates: CoordinateFields? {
        get { nil }
        set {}
    }
}
