import Foundation
import ReportSteps

/// `petspot report missing` on a terminal: the Missing flow's four screens — *Microchip
/// number* (1/4), *Animal photo* (2/4), *Animal description* (3/4), *Contact details* (4/4) —
/// over `MissingPetReportFlow`. The flow holds every rule; this class draws its models and
/// forwards what the person types.
@MainActor
final class MissingWizard: ReportWizard {
    static let context = "Report a missing pet"

    let flow: MissingPetReportFlow
    let console: WizardConsole
    let location: WizardLocationSource
    let drafts: DraftKeeper?
    var toast: Toast?

    init(
        flow: MissingPetReportFlow, console: WizardConsole, location: WizardLocationSource, drafts: DraftKeeper? = nil
    ) {
        self.flow = flow
        self.console = console
        self.location = location
        self.drafts = drafts
    }

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
        screen.header(
            title: MissingStepsCopy.Microchip.title, progress: MissingStepsCopy.Microchip.progress,
            context: Self.context)
        screen.text(MissingStepsCopy.Microchip.body)
        screen.fields(of: flow.microchipStep)
        screen.menu([("1", "edit field"), ("c", MissingStepsCopy.Microchip.continueTitle), ("q", "Cancel")])
        let key = try readKey()
        switch key {
        case "1":
            try editText(MissingStepsCopy.Microchip.label, current: flow.microchipStep.microchipField.text) {
                flow.microchipStep.setMicrochip($0)
            }
        case "c": continueTapped()
        default: try navigate(key, keys: "1, c or q")
        }
    }

    // MARK: Contact details

    private func contactScreen() throws(WizardExit) {
        let step = flow.contactStep
        let screen = console.screen
        screen.header(
            title: MissingStepsCopy.Contact.title, progress: MissingStepsCopy.Contact.progress, context: Self.context)
        screen.text(MissingStepsCopy.Contact.body)
        screen.fields(of: step)
        screen.menu([
            ("1-2", "edit field"), ("s", MissingStepsCopy.Contact.submitTitle), ("b", "Back"), ("q", "Cancel"),
        ])
        let key = try readKey()
        switch key {
        case "1":
            try editText(MissingStepsCopy.Contact.phoneLabel, current: step.phoneText) { flow.contactStep.setPhone($0) }
        case "2":
            try editText(MissingStepsCopy.Contact.emailLabel, current: step.emailText) { flow.contactStep.setEmail($0) }
        case "s", "c": continueTapped()
        default: try navigate(key, keys: "a field number 1–2, s, b or q")
        }
    }

    // MARK: Animal description

    /// Draws *Animal description* (3/4) with the flow's current values.
    func drawDescription() {
        let step = flow.descriptionStep
        let screen = console.screen
        screen.header(
            title: AnimalDescriptionCopy.title, progress: AnimalDescriptionCopy.progress, context: Self.context)
        screen.fields(of: step)
        screen.helper(step.coordinates.helperText, success: step.coordinates.isCaptured)
        screen.menu([
            ("1-8", "edit field"), ("g", step.coordinates.copy.buttonTitle), ("c", AnimalDescriptionCopy.continueTitle),
            ("b", "Back"), ("q", "Cancel"),
        ])
    }

    private func descriptionScreen() async throws(WizardExit) {
        drawDescription()
        let step = flow.descriptionStep
        let key = try readKey()
        switch key {
        case "1":
            try editDate(
                AnimalDescriptionCopy.dateLabel, current: step.date.numericText,
                refusal: step.dateMessage
            ) { flow.descriptionStep.selectDate($0) }
        case "2":
            try chooseSpecies(AnimalDescriptionCopy.speciesLabel, step.speciesChoices) {
                flow.descriptionStep.selectSpecies($0)
            }
        case "3":
            guard !step.raceField.isDisabled else {
                console.notice("\(AnimalDescriptionCopy.raceLabel): \(AnimalDescriptionCopy.racePlaceholderDisabled).")
                return
            }
            try editText(AnimalDescriptionCopy.raceLabel, current: step.raceText) { flow.descriptionStep.setRace($0) }
        case "4":
            try chooseSex(AnimalDescriptionCopy.genderLabel, step.genderChoices) {
                flow.descriptionStep.selectGender($0)
            }
        case "5":
            try editText(AnimalDescriptionCopy.ageLabel, current: step.ageText) { flow.descriptionStep.setAge($0) }
        case "6":
            try editLimited(AnimalDescriptionCopy.descriptionLabel, step.additionalDescription) {
                flow.descriptionStep.setAdditionalDescription($0)
            }
        case "7", "8":
            try console.editCoordinate(key, of: &flow.descriptionStep.coordinates)
        case "g": try await requestLocation(into: \.descriptionStep.coordinates)
        case "c": continueTapped()
        default: try navigate(key, keys: "a field number 1–8, g, c, b or q")
        }
    }

    /// Request GPS position without the alert's answer (the demo's).
    func requestPosition() async throws(WizardExit) {
        try await runLocationRequest(flow.descriptionStep.coordinates.copy.buttonTitle)
    }
}
