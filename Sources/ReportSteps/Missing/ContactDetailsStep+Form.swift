public import ReportStore

extension ContactDetailsStep: FieldForm, FlowStepForm, ContactForm {
    /// *Contact details*' fields: the owner's phone and email (one of them at least).
    public static let fields: [ReportField] = [.phone, .email]

    /// The phone and email inputs' labels and identifiers (``MissingStepsCopy/Contact``).
    static let contactCopy = ContactFieldsCopy(
        phone: (MissingStepsCopy.Contact.phoneLabel, MissingStepsCopy.Contact.ID.phoneTextField),
        email: (MissingStepsCopy.Contact.emailLabel, MissingStepsCopy.Contact.ID.emailTextField))

    public func text(of field: ReportField) -> String { contactText(of: field) ?? "" }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        if Self.has(field) { setContact(text, in: field) }
    }

    public func model(of field: ReportField) -> TextFieldModel { contactField(field) }

    public var fieldErrors: [(field: ReportField, message: String)] { Self.messages(contactErrors) }

    /// Submit report's check: ``validate(writingTo:)``.
    public mutating func continueTapped(writingTo state: inout ReportMissingPetFlowState) -> StepOutcome {
        validate(writingTo: &state)
    }
}
