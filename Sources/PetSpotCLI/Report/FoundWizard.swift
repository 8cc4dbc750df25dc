import Foundation
import ReportSteps

/// `petspot report found` on a terminal: *Upload photo* (1/3), *Pet details* (2/3) and
/// *Contact information* (3/3) over `FoundPetReportFlow`; Submit report writes the payload.
typealias FoundWizard = ReportWizard<FoundReportMachine>

extension FoundReportMachine: WizardFlow {
    static var wizardContext: String { "Report a found pet" }
}

extension ReportWizard where Machine == FoundReportMachine {
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
        screen.intro(FoundReportMachine.Step.petDetails, context: Machine.wizardContext)
        screen.fields(of: step)
        screen.helper(step.coordinates.helperText, success: step.coordinates.isCaptured)
        screen.menu([
            fieldKeys(FoundPetDetailsStep.self), ("u", step.coordinates.copy.buttonTitle),
            ("c", FoundFlowCopy.PetDetails.continueTitle), ("b", "Back"), ("q", "Cancel"),
        ])
    }

    private func detailsScreen() async throws(WizardExit) {
        drawDetails()
        try await answerLocatingStep(\.petDetailsStep, coordinates: \.petDetailsStep.coordinates, locate: "u")
    }

    // MARK: Contact information

    private func drawContact() {
        let screen = console.screen
        screen.intro(FoundReportMachine.Step.contactInfo, context: Machine.wizardContext)
        screen.fields(of: flow.contactStep)
        screen.menu([
            fieldKeys(ContactInfoStep.self), ("s", FoundFlowCopy.Contact.submitTitle), ("b", "Back"), ("q", "Cancel"),
        ])
    }

    private func contactScreen() async throws(WizardExit) {
        drawContact()
        let key = try readKey()
        switch key {
        case "s", "c":
            console.terminal.line()  // the payload starts on its own line when it goes to the terminal
            if case .stay(let shown) = await flow.submitTapped() {
                toast = shown  // says what failed (FoundReportSubmissionFailure), once
            }
        default:
            try editFieldOrNavigate(key, of: \.contactStep, others: ["s", "b", "q"])
        }
    }
}
