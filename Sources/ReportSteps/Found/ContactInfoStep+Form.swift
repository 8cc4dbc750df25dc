extension ContactInfoStep: FieldForm, FlowStepForm {
    /// *Contact information*'s fields; the last two are optional (spec 004 US3).
    public enum Field: String, ReportField {
        /// The finder's phone number.
        case phone
        /// The finder's email.
        case email
        /// The caregiver's phone number (optional).
        case caregiverPhone
        /// Where the animal is now (optional, multi-line).
        case currentAddress

        public var kind: FieldKind {
            switch self {
            case .phone: .ownPhone
            case .email: .ownEmail
            case .caregiverPhone: .otherPhone
            case .currentAddress: .address
            }
        }
    }

    public func text(of field: Field) -> String {
        switch field {
        case .phone: phoneText
        case .email: emailText
        case .caregiverPhone: caregiverPhoneText
        case .currentAddress: address.value
        }
    }

    public mutating func enter(_ text: String, in field: Field, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .phone: setPhone(text)
        case .email: setEmail(text)
        case .caregiverPhone: setCaregiverPhone(text)
        case .currentAddress: setAddress(try Self.limited(text, FoundFlowCopy.Contact.addressLimit, entry))
        }
    }

    public func model(of field: Field) -> TextFieldModel {
        switch field {
        case .phone: phoneField
        case .email: emailField
        case .caregiverPhone: caregiverPhoneField
        case .currentAddress: addressField
        }
    }

    public var fieldErrors: [(field: Field, message: String)] {
        let errors: [(Field, String?)] = [
            (.phone, phoneError), (.email, emailError), (.caregiverPhone, caregiverPhoneError),
        ]
        return errors.compactMap { field, message in message.map { (field, $0) } }
    }

    /// Submit report's check: ``validate(writingTo:)``.
    public mutating func continueTapped(writingTo state: inout ReportFoundPetFlowState) -> StepOutcome {
        validate(writingTo: &state)
    }
}
