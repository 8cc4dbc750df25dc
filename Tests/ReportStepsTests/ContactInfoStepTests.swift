import ReportSteps
import Testing

@Suite("Found flow: Contact information (spec 004 FR-010–FR-014, FR-017)")
struct ContactInfoStepTests {
    private func filled() -> ContactInfoStep {
        var step = ContactInfoStep(state: ReportFoundPetFlowState())
        step.setPhone("+48 123 456 789")
        step.setEmail("finder@example.com")
        return step
    }

    @Test func copyMatchesFR017() {
        let step = ContactInfoStep(state: ReportFoundPetFlowState())
        let intro = FoundReportMachine.Step.contactInfo.intro
        #expect(intro.screenTitle == "Contact info")
        #expect(intro.heading == "Contact information")
        #expect(FoundReportMachine.Step.contactInfo.progress == "3/3")
        #expect(intro.body == "Share your contact details so the pet’s owner can reach you.")
        #expect(step.phoneField.label == "Your phone number")
        #expect(step.phoneField.placeholder == "+1 (555) 000-0000")
        #expect(step.emailField.label == "Your email")
        #expect(step.emailField.placeholder == "email@example.com")
        #expect(step.caregiverPhoneField.label == "Caregiver phone number (optional)")
        #expect(step.caregiverPhoneField.placeholder == "+1 (555) 000-0000")
        #expect(step.addressField.label == "Current physical address (optional)")
        #expect(step.addressField.placeholder == "Full address where the animal is currently located")
        #expect(step.addressField.isMultiline)
        #expect(FoundFlowCopy.Contact.submitTitle == "Submit report")
    }

    @Test(arguments: [
        ("1234567", true), ("+48 123 456 789", true), ("(555) 000-0000", true), ("12345678901", true),
        ("123456", false), ("123456789012", false), ("+", false), ("phone", false),
    ])
    func phoneNeeds7To11DigitsAfterSanitizing(text: String, valid: Bool) {
        #expect(ContactRules.isValidPhone(text) == valid)
    }

    @Test(arguments: [
        ("owner@email.com", true), (" a@b.co ", true), ("first.last@sub.domain.pl", true),
        ("owner@email", false), ("@email.com", false), ("owner@@email.com", false), ("own er@email.com", false),
        ("owner@.com", false), ("owner@email.", false), ("", false),
    ])
    func emailIsABasicLocalAtDomainDotTld(text: String, valid: Bool) {
        #expect(ContactRules.isValidEmail(text) == valid)
    }

    @Test func emptyRequiredFieldsGetRequiredMessages() {
        var state = ReportFoundPetFlowState()
        var step = ContactInfoStep(state: state)
        let outcome = step.validate(writingTo: &state)
        #expect(outcome == .stay(.correctHighlightedFields))
        #expect(step.phoneField.errorMessage == "Please enter your phone number")
        #expect(step.emailField.errorMessage == "Please enter your email")
        #expect(step.caregiverPhoneField.errorMessage == nil, "optional and empty: not validated")
    }

    @Test func invalidValuesGetFormatMessages() {
        var state = ReportFoundPetFlowState()
        var step = ContactInfoStep(state: state)
        step.setPhone("12-34")
        step.setEmail("nope")
        step.setCaregiverPhone("99")
        _ = step.validate(writingTo: &state)
        #expect(
            step.inlineErrors.map(\.message) == [
                "Enter a valid phone number (7–11 digits)", "Enter a valid email address",
                "Enter a valid phone number (7–11 digits)",
            ])
        #expect(state.phone == nil)
    }

    @Test func optionalFieldsEmptyStillSubmit() {
        var state = ReportFoundPetFlowState()
        var step = filled()
        #expect(step.validate(writingTo: &state) == .advance)
        #expect(state.phone == "+48123456789")
        #expect(state.email == "finder@example.com")
        #expect(state.caregiverPhone == nil && state.currentAddress == nil)
    }

    @Test func caregiverPhoneAndMultiLineAddressAreKept() {
        var state = ReportFoundPetFlowState()
        var step = filled()
        step.setCaregiverPhone("+1 (555) 000-0000")
        step.setAddress("ul. Marszałkowska 1\n00-001 Warszawa")
        #expect(step.validate(writingTo: &state) == .advance)
        #expect(state.caregiverPhone == "+15550000000")
        #expect(state.currentAddress == "ul. Marszałkowska 1\n00-001 Warszawa")
    }

    @Test func addressIsCappedAt500Characters() {
        var step = filled()
        let truncated = step.setAddress(String(repeating: "x", count: 700))
        #expect(truncated)
        #expect(step.address.value.count == 500)
        #expect(step.addressField.helperText == "500/500")
    }

    /// After Submit showed the messages, fixing phone or email clears each at once (issue:
    /// messages stayed until the next Submit, also after Back and forth).
    @Test func correctedContactFieldsLoseTheirMessagesAsTheyChange() {
        var state = ReportFoundPetFlowState()
        var step = ContactInfoStep(state: state)
        step.setPhone("12")
        step.setEmail("finder@")
        step.setCaregiverPhone("1")
        #expect(step.validate(writingTo: &state) != .advance)
        #expect(step.phoneError == "Enter a valid phone number (7–11 digits)")
        #expect(step.emailError == "Enter a valid email address")
        #expect(step.caregiverPhoneError == "Enter a valid phone number (7–11 digits)")
        step.setPhone("+48 123 456 789")
        #expect(step.phoneField.errorMessage == nil)
        step.setEmail("")
        #expect(step.emailField.errorMessage == "Please enter your email")
        step.setEmail("finder@example.com")
        #expect(step.emailField.errorMessage == nil)
        step.setCaregiverPhone("")
        #expect(step.caregiverPhoneField.errorMessage == nil)
    }
}
