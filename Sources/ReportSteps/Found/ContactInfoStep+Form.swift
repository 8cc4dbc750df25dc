public import ReportStore

extension ContactInfoStep: FieldForm, FlowStepForm, ContactForm {
    /// *Contact information*'s fields: the finder's phone and email, then the caregiver's phone
    /// and where the animal is now, both optional (spec 004 US3).
    public static let fields: [ReportField] = [.phone, .email, .caregiverPhone, .currentAddress]

    /// The phone and email inputs' labels and identifiers (``FoundFlowCopy/Contact``).
    static let contactCopy = ContactFieldsCopy(
        phone: (FoundFlowCopy.Contact.phoneLabel, FoundFlowCopy.Contact.ID.phoneTextField),
        email: (FoundFlowCopy.Contact.emailLabel, FoundFlowCopy.Contact.ID.emailTextField))

    public func text(of field: ReportField) -> String {
        switch field {
        case .caregiverPhone: caregiverPhoneText
        case .currentAddress: address.value
        default: contactText(of: field) ?? ""
        }
    }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .phone, .email: setContact(text, in: field)
        case .caregiverPhone: setCaregiverPhone(text)
        case .currentAddress: setAddress(try Self.limited(text, FoundFlowCopy.Contact.addressLimit, entry))
        default: break
        }
    }

    public func model(of field: ReportField) -> TextFieldModel {
        switch field {
        case .phone, .email: contactField(field)
        case .caregiverPhone: caregiverPhoneField
        default: addressField
        }
    }

    public var fieldErrors: [(field: ReportField, message: String)] {
        Self.messages(contactErrors + [(.caregiverPhone, caregiverPhoneError)])
    }

    /// Submit report's check: ``validate(writingTo:)``.
    public mutating func continueTapped(writingTo state: inout ReportFoundPetFlowState) -> StepOutcome {
        validate(writingTo: &state)
    }
}
