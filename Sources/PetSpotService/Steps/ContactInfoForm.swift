import ReportSteps

/// The Found flow's *Contact information* (3/3) behind named fields.
struct ContactInfoForm: StepForm {
    static let flow = "found"
    static let step = "contactInfo"
    static let progress = FoundFlowCopy.Contact.progress
    static let fields = ["phone", "email", "caregiverPhone", "address"]

    var model: ContactInfoStep
    /// What Submit report's validation wrote; starts as the earlier steps left it.
    var state: ReportFoundPetFlowState

    init(today: Today) {
        self.init(state: ReportFoundPetFlowState())
    }

    /// The step over what the earlier steps wrote.
    init(state: ReportFoundPetFlowState) {
        self.state = state
        model = ContactInfoStep(state: ReportFoundPetFlowState())
    }

    func value(of field: String) -> String {
        switch field {
        case "phone": model.phoneText
        case "email": model.emailText
        case "caregiverPhone": model.caregiverPhoneText
        case "address": model.address.value
        default: ""
        }
    }

    mutating func apply(_ field: String, _ text: String) throws(Problem) {
        switch field {
        case "phone": model.setPhone(text)
        case "email": model.setEmail(text)
        case "caregiverPhone": model.setCaregiverPhone(text)
        case "address": model.setAddress(text)
        default: break
        }
    }

    mutating func continueTapped() -> StepOutcome {
        model.validate(writingTo: &state)
    }

    var views: [(name: String, view: FieldView)] {
        [
            ("phone", FieldView(model.phoneField)),
            ("email", FieldView(model.emailField)),
            ("caregiverPhone", FieldView(model.caregiverPhoneField)),
            ("address", FieldView(model.addressField)),
        ]
    }

    var coordinates: CoordinateFields? {
        get { nil }
        set {}
    }
}
