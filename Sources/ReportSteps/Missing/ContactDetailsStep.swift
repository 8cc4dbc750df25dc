import ReportStore

/// The Missing flow's *Contact details* step (4/4): a phone number and an email, **at least
/// one of them**, each checked by ``ContactRules`` when given (the rules the Found flow's
/// *Contact information* uses: spec 004 FR-010a, "the same validation rules as existing iOS
/// report flows"), validated on Submit report.
///
/// ```swift
/// var step = ContactDetailsStep(state: state)
/// step.validate(writingTo: &state)          // .stay(…): both fields say "Enter a phone number or an email"
/// step.setEmail("owner@example.com")
/// step.validate(writingTo: &state)          // .advance: state.email is set, state.phone stays nil
/// ```
public struct ContactDetailsStep: Sendable, Hashable {
    /// Phone number, as typed.
    public internal(set) var phoneText: String
    /// Email, as typed.
    public internal(set) var emailText: String
    /// Inline message of the phone field after the last Submit.
    public private(set) var phoneError: String?
    /// Inline message of the email field after the last Submit.
    public private(set) var emailError: String?

    /// The step showing what `state` holds.
    public init(state: ReportMissingPetFlowState) {
        phoneText = state.phone ?? ""
        emailText = state.email ?? ""
    }

    /// Types the phone number (fields showing a message are checked again).
    public mutating func setPhone(_ text: String) { setContact(text, in: .phone) }

    /// Types the email (fields showing a message are checked again).
    public mutating func setEmail(_ text: String) { setContact(text, in: .email) }

    /// Validates on Submit report. When valid writes the sanitized phone and the trimmed email
    /// (`nil` for an empty one) to `state` and returns ``StepOutcome/advance``; otherwise sets
    /// the inline messages and returns the toast.
    public mutating func validate(writingTo state: inout ReportMissingPetFlowState) -> StepOutcome {
        (phoneError, emailError) = messages
        guard phoneError == nil, emailError == nil else { return .stay(.correctHighlightedFields) }
        state.phone = phoneText.trimmedNonEmpty.map(ContactRules.sanitizedPhone)
        state.email = emailText.trimmedNonEmpty
        return .advance
    }

    /// After a Submit showed messages, an edit checks both fields again: the "one of them"
    /// message goes from both as soon as either is filled.
    mutating func recheck() {
        guard phoneError != nil || emailError != nil else { return }
        (phoneError, emailError) = messages
    }

    /// Each field's message: both empty → both say one is required; a filled field is checked
    /// by ``ContactRules`` (the Found flow's messages).
    private var messages: (phone: String?, email: String?) {
        let phone = phoneText.trimmedNonEmpty
        let email = emailText.trimmedNonEmpty
        if phone == nil, email == nil {
            return (MissingStepsCopy.Contact.oneRequired, MissingStepsCopy.Contact.oneRequired)
        }
        return (
            ContactRules.phoneMessage(phoneText, required: false),
            ContactRules.emailMessage(emailText, required: false)
        )
    }

    /// The phone input.
    public var phoneField: TextFieldModel { contactField(.phone) }

    /// The email input.
    public var emailField: TextFieldModel { contactField(.email) }
}
