import ReportStore

/// What the two flows' contact steps share — the Missing flow's *Contact details*
/// (``ContactDetailsStep``) and the Found flow's *Contact information* (``ContactInfoStep``):
/// a phone and an email typed as text, their messages after Submit report (``ContactRules``'
/// checks), an edit that checks again what the step's rule says, and their inputs and texts
/// by field name. Each step keeps its rule (which field is required, what an edit re-checks),
/// its copy and its other fields.
protocol ContactForm: FieldForm {
    /// The phone, as typed.
    var phoneText: String { get set }
    /// The email, as typed.
    var emailText: String { get set }
    /// Inline message of the phone field after the last Submit.
    var phoneError: String? { get }
    /// Inline message of the email field after the last Submit.
    var emailError: String? { get }
    /// The two inputs' labels and identifiers, as the flow's copy words them.
    static var contactCopy: ContactFieldsCopy { get }

    /// After an edit, checks again what the step's rule says (the fields showing a message).
    mutating func recheck()
}

/// The labels and identifiers of a contact step's phone and email inputs (their placeholders
/// are the same in both flows: ``FoundFlowCopy/Contact``'s).
struct ContactFieldsCopy: Sendable {
    /// The phone input's label and identifier.
    let phone: (label: String, id: String)
    /// The email input's label and identifier.
    let email: (label: String, id: String)
}

extension ContactForm {
    /// Types `text` in the phone (``ReportField/phone``) or the email (any other field), then
    /// checks again what the step's rule says.
    mutating func setContact(_ text: String, in field: ReportField) {
        if field == .phone { phoneText = text } else { emailText = text }
        recheck()
    }

    /// The text of the phone or the email; `nil` for another field.
    func contactText(of field: ReportField) -> String? {
        switch field {
        case .phone: phoneText
        case .email: emailText
        default: nil
        }
    }

    /// The phone input (``ReportField/phone``) or the email input (any other field).
    func contactField(_ field: ReportField) -> TextFieldModel {
        field == .phone
            ? Self.input(Self.contactCopy.phone, FoundFlowCopy.Contact.phonePlaceholder, phoneText, phoneError)
            : Self.input(Self.contactCopy.email, FoundFlowCopy.Contact.emailPlaceholder, emailText, emailError)
    }

    /// A one-line contact input: its label and identifier (`copy`), placeholder, text and message.
    static func input(
        _ copy: (label: String, id: String), _ placeholder: String, _ text: String, _ error: String?
    ) -> TextFieldModel {
        TextFieldModel(
            label: copy.label, placeholder: placeholder, text: text, errorMessage: error,
            accessibilityIdentifier: copy.id)
    }

    /// The phone's and the email's messages, in screen order.
    var contactErrors: [(ReportField, String?)] { [(.phone, phoneError), (.email, emailError)] }
}
