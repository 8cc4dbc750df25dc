import ReportStore

/// The Found flow's *Contact information* step (3/3, spec 004 FR-010–FR-014): validated on
/// Submit report.
///
/// ```swift
/// var step = ContactInfoStep(state: state)
/// step.setPhone("+48 123 456 789"); step.setEmail("finder@example.com")
/// step.setCaregiverPhone("12")                      // optional, but checked when not empty
/// step.validate(writingTo: &state)                  // .stay(…); caregiverPhoneError is set
/// ```
public struct ContactInfoStep: Sendable, Hashable {
    /// Your phone number, as typed.
    public internal(set) var phoneText: String
    /// Your email, as typed.
    public internal(set) var emailText: String
    /// Caregiver phone number, as typed (optional).
    public private(set) var caregiverPhoneText: String
    /// Current physical address (optional, multi-line, at most 500 characters).
    public private(set) var address: LimitedText

    /// Inline message of the phone field after the last Submit.
    public private(set) var phoneError: String?
    /// Inline message of the email field after the last Submit.
    public private(set) var emailError: String?
    /// Inline message of the caregiver phone field after the last Submit.
    public private(set) var caregiverPhoneError: String?

    /// The step showing what `state` holds.
    public init(state: ReportFoundPetFlowState) {
        phoneText = state.phone ?? ""
        emailText = state.email ?? ""
        caregiverPhoneText = state.caregiverPhone ?? ""
        address = LimitedText(limit: FoundFlowCopy.Contact.addressLimit, value: state.currentAddress ?? "")
    }

    /// Types your phone number (a field showing a message is checked again).
    public mutating func setPhone(_ text: String) { setContact(text, in: .phone) }
    /// Types your email (a field showing a message is checked again).
    public mutating func setEmail(_ text: String) { setContact(text, in: .email) }
    /// Types the caregiver's phone number (a field showing a message is checked again).
    public mutating func setCaregiverPhone(_ text: String) {
        caregiverPhoneText = text
        recheck()
    }

    /// Types or pastes the address; text past 500 characters is dropped.
    ///
    /// - Returns: `true` when the text was truncated.
    @discardableResult
    public mutating func setAddress(_ text: String) -> Bool { address.set(text) }

    /// Validates on Submit (FR-010a, FR-012, FR-013). When valid, writes the values to
    /// `state` (phones sanitized, email trimmed) and returns ``StepOutcome/advance`` — the
    /// flow then sends the report; otherwise sets the inline messages and returns the toast.
    public mutating func validate(writingTo state: inout ReportFoundPetFlowState) -> StepOutcome {
        phoneError = phoneMessage
        let email = emailText.trimmedNonEmpty
        emailError = emailMessage
        let caregiver = caregiverPhoneText.trimmedNonEmpty
        caregiverPhoneError = caregiverPhoneMessage
        guard phoneError == nil, emailError == nil, caregiverPhoneError == nil, let email else {
            return .stay(.correctHighlightedFields)
        }
        state.phone = ContactRules.sanitizedPhone(phoneText)
        state.email = email
        state.caregiverPhone = caregiver.map(ContactRules.sanitizedPhone)
        state.currentAddress = address.trimmedValue
        return .advance
    }

    // MARK: Field rules (Submit sets the messages; an edit re-checks a field that shows one)

    /// After a Submit showed messages, an edit checks again each field that shows one (each
    /// message depends on its own field only: an unchanged field keeps its message).
    mutating func recheck() {
        if phoneError != nil { phoneError = phoneMessage }
        if emailError != nil { emailError = emailMessage }
        if caregiverPhoneError != nil { caregiverPhoneError = caregiverPhoneMessage }
    }

    private var phoneMessage: String? { ContactRules.phoneMessage(phoneText, required: true) }
    private var emailMessage: String? { ContactRules.emailMessage(emailText, required: true) }
    private var caregiverPhoneMessage: String? { ContactRules.phoneMessage(caregiverPhoneText, required: false) }

    /// The phone input.
    public var phoneField: TextFieldModel { contactField(.phone) }

    /// The email input.
    public var emailField: TextFieldModel { contactField(.email) }

    /// The caregiver phone input.
    public var caregiverPhoneField: TextFieldModel {
        Self.input(
            (FoundFlowCopy.Contact.caregiverPhoneLabel, FoundFlowCopy.Contact.ID.caregiverPhoneTextField),
            FoundFlowCopy.Contact.phonePlaceholder, caregiverPhoneText, caregiverPhoneError)
    }

    /// The address text area with its counter.
    public var addressField: TextFieldModel {
        TextFieldModel(
            label: FoundFlowCopy.Contact.addressLabel, placeholder: FoundFlowCopy.Contact.addressPlaceholder,
            text: address.value, helperText: address.counterText, isMultiline: true,
            accessibilityIdentifier: FoundFlowCopy.Contact.ID.addressTextArea)
    }
}
