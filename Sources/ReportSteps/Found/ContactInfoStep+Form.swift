public import ReportStore

extension ContactInfoStep: FieldForm, FlowStepForm {
    /// *Contact information*'s fields: the finder's phone and email, then the caregiver's phone
    /// and where the animal is now, both optional (spec 004 US3).
    public static let fields: [ReportField] = [.phone, .email, .caregiverPhone, .currentAddress]

    public func text(of field: ReportField) -> String {
        switch field {
        case .phone: phoneText
        case .email: emailText
        case .caregiverPhone: caregiverPhoneText
        case .currentAddress: address.value
        default: ""
        }
    }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .phone: setPhone(text)
        case .email: setEmail(text)
        case .caregiverPhone: setCaregiverPhone(text)
        case .currentAddress: setAddress(try Self.limited(text, FoundFlowCopy.Contact.addressLimit, entry))
        default: break
        }
    }

    public func model(of field: ReportField) -> TextFieldModel {
        switch field {
        case .phone: phoneField
        case .email: emailField
        case .caregiverPhone: caregiverPhoneField
        default: addressField
        }
    }

    public var fieldErrors: [(field: ReportField, message: String)] {
        let errors: [(ReportField, String?)] = [
            (.phone, phoneError), (.email, emailError), (.caregiverPhone, caregiverPhoneError),
        ]
        return errors.compactMap { field, message in message.map { (field, $0) } }
    }

    /// Submit report's check: ``validate(writingTo:)``.
    public mutating func continueTapped(writingTo state: inout ReportFoundPetFlowState) -> StepOutcome {
        validate(writingTo: &state)
    }
}
