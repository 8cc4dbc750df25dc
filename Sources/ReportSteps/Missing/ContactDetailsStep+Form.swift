public import ReportStore

extension ContactDetailsStep: FieldForm, FlowStepForm {
    /// *Contact details*' fields: the owner's phone and email (one of them at least).
    public static let fields: [ReportField] = [.phone, .email]

    public func text(of field: ReportField) -> String {
        switch field {
        case .phone: phoneText
        case .email: emailText
        default: ""
        }
    }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .phone: setPhone(text)
        case .email: setEmail(text)
        default: break
        }
    }

    public func model(of field: ReportField) -> TextFieldModel {
        switch field {
        case .phone: phoneField
        default: emailField
        }
    }

    public var fieldErrors: [(field: ReportField, message: String)] {
        [(ReportField.phone, phoneError), (.email, emailError)].compactMap { field, message in
            message.map { (field, $0) }
        }
    }

    /// Submit report's check: ``validate(writingTo:)``.
    public mutating func continueTapped(writingTo state: inout ReportMissingPetFlowState) -> StepOutcome {
        validate(writingTo: &state)
    }
}
