import Foundation
import ReportSteps

/// `petspot report found` on a terminal: *Upload photo* (1/3), *Pet details* (2/3) and
/// *Contact information* (3/3) over `FoundPetReportFlow`; Submit report writes the payload.
@MainActor
final class FoundWizard: ReportWizard {
    static let context = "Report a found pet"

    let flow: FoundPetReportFlow
    let console: WizardConsole
    let location: WizardLocationSource
    let writer: PayloadWriter
    let drafts: DraftKeeper?
    var toast: Toast?

    init(
        flow: FoundPetReportFlow, console: WizardConsole, location: WizardLocationSource, writer: PayloadWriter,
        drafts: DraftKeeper? = nil
    ) {
        self.flow = flow
        self.console = console
        self.location = location
        self.writer = writer
        self.drafts = drafts
    }

    /// Runs until the report is submitted (its payload written).
    ///
    /// - Throws: ``WizardExit`` when cancelled or input ended.
    func run() async throws(WizardExit) {
        while true {
            if case .submitted = flow.submission { return }
            saveDraft()
            switch flow.step {
            case .uploadPhoto: try photoScreen()
            case .petDetails: try await detailsScreen()
            case .contactInfo: try await contactScreen()
            }
        }
    }

    // MARK: Pet details

    private func drawDetails() {
        let step = flow.petDetailsStep
        let screen = console.screen
        screen.header(title: flow.step.screenTitle, progress: flow.step.progress, context: Self.context)
        screen.text(FoundFlowCopy.PetDetails.body)
        screen.fields(of: step)
        screen.helper(step.coordinates.helperText, success: step.coordinates.isCaptured)
        screen.menu([
            ("1-8", "edit field"), ("u", step.coordinates.copy.buttonTitle),
            ("c", FoundFlowCopy.PetDetails.continueTitle), ("b", "Back"), ("q", "Cancel"),
        ])
    }

    private func detailsScreen() async throws(WizardExit) {
        drawDetails()
        let step = flow.petDetailsStep
        let key = try readKey()
        switch key {
        case "1":
            try editDate(
                FoundFlowCopy.PetDetails.dateLabel, current: step.dateField.text,
                refusal: step.dateMessage
            ) { flow.petDetailsStep.selectDate($0) }
        case "2":
            try chooseSpecies(FoundFlowCopy.PetDetails.speciesLabel, step.speciesChoices) {
                flow.petDetailsStep.selectSpecies($0)
            }
        case "3":
            try editText(FoundFlowCopy.PetDetails.breedLabel, current: step.breedText) {
                flow.petDetailsStep.setBreed($0)
            }
        case "4":
            try chooseSex(FoundFlowCopy.PetDetails.sexLabel, step.sexChoices) { flow.petDetailsStep.selectSex($0) }
        case "5":
            try editText(FoundFlowCopy.PetDetails.collarLabel, current: step.collarField.text) {
                flow.petDetailsStep.setCollarData($0)
            }
        case "6":
            try editLimited(FoundFlowCopy.PetDetails.descriptionLabel, step.additionalDescription) {
                flow.petDetailsStep.setAdditionalDescription($0)
            }
        case "7", "8":
            try console.editCoordinate(key, of: &flow.petDetailsStep.coordinates)
        case "u": try await requestLocation(into: \.petDetailsStep.coordinates)
        case "c": continueTapped()
        default: try navigate(key, keys: "a field number 1–8, u, c, b or q")
        }
    }

    // MARK: Contact information

    private func drawContact() {
        let screen = console.screen
        screen.header(title: flow.step.screenTitle, progress: flow.step.progress, context: Self.context)
        screen.text(FoundFlowCopy.Contact.heading)
        screen.text(FoundFlowCopy.Contact.body)
        screen.fields(of: flow.contactStep)
        screen.menu([("1-4", "edit field"), ("s", FoundFlowCopy.Contact.submitTitle), ("b", "Back"), ("q", "Cancel")])
    }

    private func contactScreen() async throws(WizardExit) {
        drawContact()
        let step = flow.contactStep
        let key = try readKey()
        switch key {
        case "1":
            try editText(FoundFlowCopy.Contact.phoneLabel, current: step.phoneText) { flow.contactStep.setPhone($0) }
        case "2":
            try editText(FoundFlowCopy.Contact.emailLabel, current: step.emailText) { flow.contactStep.setEmail($0) }
        case "3":
            try editText(FoundFlowCopy.Contact.caregiverPhoneLabel, current: step.caregiverPhoneText) {
                flow.contactStep.setCaregiverPhone($0)
            }
        case "4":
            try editLimited(FoundFlowCopy.Contact.addressLabel, step.address) { flow.contactStep.setAddress($0) }
        case "s", "c":
            console.terminal.line()  // the payload starts on its own line when it goes to the terminal
            if case .stay(let shown) = await flow.submitTapped() {
                toast = shown  // says what failed (FoundReportSubmissionFailure), once
            }
        default: try navigate(key, keys: "a field number 1–4, s, b or q")
        }
    }
}
