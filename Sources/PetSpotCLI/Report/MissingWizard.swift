import Foundation
import ReportSteps

/// `petspot report missing` on a terminal: the Missing flow's four screens — *Microchip
/// number* (1/4), *Animal photo* (2/4), *Animal description* (3/4), *Contact details* (4/4) —
/// over `MissingPetReportFlow`. The flow holds every rule; the wizard draws its models and
/// forwards what the person types.
typealias MissingWizard = ReportWizard<MissingReportMachine>

extension MissingReportMachine: WizardFlow {
    static var wizardContext: String { "Report a missing pet" }
}

extension ReportWizard where Machine == MissingReportMachine {
    /// Runs until *Contact details* passes Submit report.
    ///
    /// - Returns: the flow state (every step filled).
    /// - Throws: ``WizardExit`` when cancelled or input ended.
    func run() async throws(WizardExit) -> ReportMissingPetFlowState {
        while true {
            if flow.isComplete { return flow.state }
            saveDraft()
            switch flow.step {
            case .microchip: try microchipScreen()
            case .animalPhoto: try photoScreen()
            case .animalDescription: try await descriptionScreen()
            case .contactDetails: try contactScreen()
            }
        }
    }

    // MARK: Microchip number

    private func microchipScreen() throws(WizardExit) {
        let screen = console.screen
        screen.intro(MissingReportMachine.Step.microchip, context: Machine.wizardContext)
        screen.fields(of: flow.microchipStep)
        screen.menu([fieldKeys(MicrochipStep.self), ("c", MissingStepsCopy.Microchip.continueTitle), ("q", "Cancel")])
        let key = try readKey()
        switch key {
        case "c": continueTapped()
        default:
            try editFieldOrNavigate(key, of: \.microchipStep, others: ["c", "q"])
        }
    }

    // MARK: Contact details

    private func contactScreen() throws(WizardExit) {
        let screen = console.screen
        screen.intro(MissingReportMachine.Step.contactDetails, context: Machine.wizardContext)
        screen.fields(of: flow.contactStep)
        screen.menu([
            fieldKeys(ContactDetailsStep.self), ("s", MissingStepsCopy.Contact.submitTitle), ("b", "Back"),
            ("q", "Cancel"),
        ])
        let key = try readKey()
        switch key {
        case "s", "c": continueTapped()
        default:
            try editFieldOrNavigate(key, of: \.contactStep, others: ["s", "b", "q"])
        }
    }

    // MARK: Animal description

    /// Draws *Animal description* (3/4) with the flow's current values.
    func drawDescription() {
        let step = flow.descriptionStep
        let screen = console.screen
        screen.intro(MissingReportMachine.Step.animalDescription, context: Machine.wizardContext)
        // The location helper under the coordinates it is about; the search radius under it.
        let fields = AnimalDescriptionStep.fields
        let afterCoordinates = (fields.lastIndex { $0.fieldKind == .coordinate } ?? fields.count - 1) + 2
        screen.fields(of: step, numbers: 1..<afterCoordinates)
        screen.helper(step.coordinates.helperText, success: step.coordinates.isCaptured)
        screen.fields(of: step, numbers: afterCoordinates..<(fields.count + 1))
        screen.menu([
            fieldKeys(AnimalDescriptionStep.self), ("g", step.coordinates.copy.buttonTitle),
            ("c", AnimalDescriptionCopy.continueTitle), ("b", "Back"), ("q", "Cancel"),
        ])
    }

    private func descriptionScreen() async throws(WizardExit) {
        drawDescription()
        try await answerLocatingStep(\.descriptionStep, coordinates: \.descriptionStep.coordinates, locate: "g")
    }

    /// Request GPS position without the alert's answer (the demo's).
    func requestPosition() async throws(WizardExit) {
        try await runLocationRequest(flow.descriptionStep.coordinates.copy.buttonTitle)
    }
}
