import ReportSteps
import Testing

@Suite("Missing flow: Microchip number (1/4), the Collar data rule of spec 004 FR-008")
struct MicrochipStepTests {
    @Test func optionalContinueWithNothingAdvancesAndStoresNoNumber() {
        var step = MicrochipStep(state: ReportMissingPetFlowState())
        var state = ReportMissingPetFlowState()
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome == .advance)
        #expect(state.microchipNumber == nil)
        #expect(step.microchipField.label == "Microchip number (optional)")
        #expect(step.microchipField.placeholder == "00000-00000-00000")
        #expect(step.microchipField.accessibilityIdentifier == "microchipNumber.microchipTextField.input")
    }

    @Test(arguments: [
        ("1", "1"), ("123456", "12345-6"), ("1234567890", "12345-67890"), ("123456789012345", "12345-67890-12345"),
        ("12345 67890-12345", "12345-67890-12345"),
    ])
    func digitsAreShownGroupedAndStoredAsDigits(entry: String, shown: String) {
        var step = MicrochipStep(state: ReportMissingPetFlowState())
        let taken = step.setMicrochip(entry)
        #expect(taken)
        #expect(step.microchipField.text == shown)
        var state = ReportMissingPetFlowState()
        _ = step.continueTapped(writingTo: &state)
        #expect(state.microchipNumber?.digits == shown.filter(\.isNumber))
    }

    @Test(arguments: [
        ("12a45", "Digits only (spaces and hyphens are fine), not “a”; nothing was changed"),
        ("1234567890123456", "At most 15 digits; this one has 16 (nothing was cut)"),
    ])
    func anEntryThatIsNotANumberIsRefusedAndTheNumberStays(entry: String, message: String) {
        var step = MicrochipStep(state: ReportMissingPetFlowState())
        step.setMicrochip("12345")
        let taken = step.setMicrochip(entry)
        #expect(!taken)
        #expect(step.microchipError == message)
        #expect(step.microchipField.errorMessage == message)
        #expect(step.microchipField.text == "12345", "the last good number is kept, not cut or filtered")
        var state = ReportMissingPetFlowState()
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome == .advance)
        #expect(state.microchipNumber?.digits == "12345")
        #expect(step.microchipError == nil)
    }

    @Test func theStepShowsWhatTheStateHolds() throws {
        var state = ReportMissingPetFlowState()
        state.microchipNumber = try MicrochipNumber(validating: "123456789012345")
        #expect(MicrochipStep(state: state).microchipField.text == "12345-67890-12345")
    }
}

@Suite("Missing flow: Contact details (4/4), phone or email, the report flows' contact rules")
struct ContactDetailsStepTests {
    @Test func bothEmptyIsRefusedOnBothFieldsWithTheToast() {
        var step = ContactDetailsStep(state: ReportMissingPetFlowState())
        var state = ReportMissingPetFlowState()
        let outcome = step.validate(writingTo: &state)
        #expect(outcome == .stay(.correctHighlightedFields))
        #expect(step.phoneError == "Enter a phone number or an email")
        #expect(step.emailError == "Enter a phone number or an email")
        #expect(
            step.inlineErrors.map(\.field) == [
                "missingContactDetails.phoneTextField.input", "missingContactDetails.emailTextField.input",
            ])
        #expect(state == ReportMissingPetFlowState(), "nothing written")
    }

    @Test func eitherOneIsEnough() {
        var phoneOnly = ContactDetailsStep(state: ReportMissingPetFlowState())
        phoneOnly.setPhone("+48 (123) 456-789")
        var state = ReportMissingPetFlowState()
        let phoneOutcome = phoneOnly.validate(writingTo: &state)
        #expect(phoneOutcome == .advance)
        #expect(state.phone == "+48123456789")
        #expect(state.email == nil)

        var emailOnly = ContactDetailsStep(state: ReportMissingPetFlowState())
        emailOnly.setEmail("  owner@example.com ")
        state = ReportMissingPetFlowState()
        let emailOutcome = emailOnly.validate(writingTo: &state)
        #expect(emailOutcome == .advance)
        #expect(state.phone == nil)
        #expect(state.email == "owner@example.com")
    }

    @Test(
        arguments: [
            ("123456", "", "Enter a valid phone number (7–11 digits)", nil),
            ("123456789012", "a@b.co", "Enter a valid phone number (7–11 digits)", nil),
            ("+1234567", "owner@", nil, "Enter a valid email address"),
            ("", "owner@example", nil, "Enter a valid email address"),
        ] as [(String, String, String?, String?)])
    func aGivenValueMustFollowTheRules(phone: String, email: String, phoneError: String?, emailError: String?) {
        var step = ContactDetailsStep(state: ReportMissingPetFlowState())
        step.setPhone(phone)
        step.setEmail(email)
        var state = ReportMissingPetFlowState()
        let outcome = step.validate(writingTo: &state)
        #expect(outcome == .stay(.correctHighlightedFields))
        #expect(step.phoneError == phoneError)
        #expect(step.emailError == emailError)
    }

    @Test func theFoundFlowAndThisStepShareTheirMessages() {
        #expect(ContactRules.phoneMessage("12", required: false) == FoundFlowCopy.Contact.phoneInvalid)
        #expect(ContactRules.phoneMessage("", required: true) == FoundFlowCopy.Contact.phoneRequired)
        #expect(ContactRules.phoneMessage("", required: false) == nil)
        #expect(ContactRules.emailMessage("x", required: false) == FoundFlowCopy.Contact.emailInvalid)
        #expect(ContactRules.emailMessage(" ", required: true) == FoundFlowCopy.Contact.emailRequired)
    }

    @Test func afterSubmitFillingEitherFieldClearsTheOneOfThemMessage() {
        var step = ContactDetailsStep(state: ReportMissingPetFlowState())
        var state = ReportMissingPetFlowState()
        _ = step.validate(writingTo: &state)
        step.setEmail("owner@")
        #expect(step.phoneError == nil)
        #expect(step.emailError == "Enter a valid email address")
        step.setEmail("owner@example.com")
        #expect(step.emailError == nil)
    }
}
