extension ContactDetailsStep: FieldForm, FlowStepForm {
    /// *Contact details*' fields.
    public enum Field: String, ReportField {
        /// The owner's phone number.
        case phone
        /// The owner's email.
        case email

        public var kind: FieldKind {
            switch self {
            case .phone: .ownPhone
            case .email: .ownEmail
            }
        }
    }

    public func text(of field: Field) -> String {
        switch field {
        case .phone: phoneText
        case .email: emailText
        }
    }

    public mutating func enter(_ text: String, in field: Field, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .phone: setPhone(text)
        case .email: setEmail(text)
        }
    }

    public func model(of field: Field) -> TextFieldModel {
        switch field {
        case .phone: phoneField
        case .email: emailField
        }
    }

    public var fieldErrors: [(field: Field, message: String)] {
        [(Field.phone, phoneError), (.email, emailError)].compactMap { field, message in message.map { (field, $0) } }
    }

    /// Submit report's check: ``validate(writingTo:)``.
    public mutating func continueTapped(writingTo state: inout ReportMissingPetFlowState) -> StepOutcome {
        validate(writingTo: &state)
    }
}
