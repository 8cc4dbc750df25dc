import Foundation
import ReportSteps

/// `petspot report missing` on a terminal: the Missing flow's four screens — *Microchip
/// number* (1/4), *Animal photo* (2/4), *Animal description* (3/4), *Contact details* (4/4) —
/// over `MissingPetReportFlow`. The flow holds every rule; this class draws its models and
/// forwards what the person types.
@MainActor
final class MissingWizard {
    /// Said on every screen.
    static let context = "Report a missing pet"

    let flow: MissingPetReportFlow
    let console: WizardConsole
    let location: WizardLocationSource
    /// Saves the draft before every screen (none for the demo).
    let drafts: DraftKeeper?
    private var toast: Toast?

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
            drafts?.save(flow.draft, photo: flow.photoStep.photo, console: console)
            switch flow.step {
            case .microchip: try microchipScreen()
            case .animalPhoto: try photoScreen()
            case .animalDescription: try await descriptionScreen()
            case .contactDetails: try contactScreen()
            }
        }
    }

    private func showToastAndNotices() {
        if let toast { console.screen.toast(toast.message) }
        toast = nil
        console.flushNotices()
    }

    private func continueTapped() {
        if case .stay(let shown) = flow.continueTapped() { toast = shown }
    }

    private func back() {
        if !flow.back() { console.notice("This is the first step.") }
    }

    // MARK: Microchip number

    private func microchipScreen() throws(WizardExit) {
        let step = flow.microchipStep
        let screen = console.screen
        screen.header(
            title: MissingStepsCopy.Microchip.title, progress: MissingStepsCopy.Microchip.progress,
            context: Self.context)
        screen.text(MissingStepsCopy.Microchip.body)
        screen.field(1, ScreenField(step.microchipField))
        screen.menu([("1", "edit field"), ("c", MissingStepsCopy.Microchip.continueTitle), ("q", "Cancel")])
        showToastAndNotices()
        switch try console.read("Choose:").trimmingCharacters(in: .whitespaces).lowercased() {
        case "1":
            if let text = try console.edit(MissingStepsCopy.Microchip.label, current: step.microchipField.text) {
                flow.microchipStep.setMicrochip(text)
            }
        case "c": continueTapped()
        case "b": back()
        case "q": try console.confirmCancel()
        case "": break
        case let other: console.notice("\"\(other)\" is not an action here: type 1, c or q.")
        }
    }

    // MARK: Contact details

    private func contactScreen() throws(WizardExit) {
        let step = flow.contactStep
        let screen = console.screen
        screen.header(
            title: MissingStepsCopy.Contact.title, progress: MissingStepsCopy.Contact.progress, context: Self.context)
        screen.text(MissingStepsCopy.Contact.body)
        screen.field(1, ScreenField(step.phoneField))
        screen.field(2, ScreenField(step.emailField))
        screen.menu([
            ("1-2", "edit field"), ("s", MissingStepsCopy.Contact.submitTitle), ("b", "Back"), ("q", "Cancel"),
        ])
        showToastAndNotices()
        switch try console.read("Choose:").trimmingCharacters(in: .whitespaces).lowercased() {
        case "1":
            if let text = try console.edit(MissingStepsCopy.Contact.phoneLabel, current: step.phoneText) {
                flow.contactStep.setPhone(text)
            }
        case "2":
            if let text = try console.edit(MissingStepsCopy.Contact.emailLabel, current: step.emailText) {
                flow.contactStep.setEmail(text)
            }
        case "s", "c": continueTapped()
        case "b": back()
        case "q": try console.confirmCancel()
        case "": break
        case let other: console.notice("\"\(other)\" is not an action here: type a field number 1–2, s, b or q.")
        }
    }

    // MARK: Animal photo

    private func photoScreen() throws(WizardExit) {
        console.drawPhotoStep(flow.photoStep, context: Self.context)
        showToastAndNotices()
        switch try console.read("Choose:").trimmingCharacters(in: .whitespaces).lowercased() {
        case "1": try console.choosePhoto(&flow.photoStep)
        case "r" where flow.photoStep.photo != nil: flow.photoStep.remove()
        case "c": continueTapped()
        case "b": back()
        case "q": try console.confirmCancel()
        case "": break
        case let other: console.notAnAction(other, menu: console.photoMenu(flow.photoStep))
        }
    }

    // MARK: Animal description

    /// Draws *Animal description* (3/4) with the flow's current values.
    func drawDescription() {
        let step = flow.descriptionStep
        let screen = console.screen
        screen.header(
            title: AnimalDescriptionCopy.title, progress: AnimalDescriptionCopy.progress, context: Self.context)
        screen.field(
            1, ScreenField(label: AnimalDescriptionCopy.dateLabel, value: step.dateText, error: step.dateError))
        screen.field(
            2,
            ScreenField(
                label: AnimalDescriptionCopy.speciesLabel, choices: step.speciesChoices,
                placeholder: AnimalDescriptionCopy.speciesPlaceholder, error: step.speciesError))
        screen.field(3, ScreenField(step.raceField))
        screen.field(
            4,
            ScreenField(
                label: AnimalDescriptionCopy.genderLabel, choices: step.genderChoices, placeholder: "Female or Male",
                error: step.genderError))
        screen.field(5, ScreenField(step.ageField))
        screen.field(6, ScreenField(step.descriptionField))
        screen.field(7, ScreenField(step.coordinates.latitudeField))
        screen.field(8, ScreenField(step.coordinates.longitudeField))
        screen.helper(step.coordinates.helperText, success: isCaptured(step.coordinates))
        screen.menu([
            ("1-8", "edit field"), ("g", step.coordinates.copy.buttonTitle), ("c", AnimalDescriptionCopy.continueTitle),
            ("b", "Back"), ("q", "Cancel"),
        ])
    }

    private func descriptionScreen() async throws(WizardExit) {
        drawDescription()
        showToastAndNotices()
        let step = flow.descriptionStep
        let key = try console.read("Choose:").trimmingCharacters(in: .whitespaces).lowercased()
        switch key {
        case "1":
            guard
                let text = try console.edit(
                    AnimalDescriptionCopy.dateLabel, current: step.date.numericText, hint: CalendarDay.acceptedFormats)
            else { return }
            do {
                if !flow.descriptionStep.selectDate(try CalendarDay(parsing: text)) {
                    console.notice("\(AnimalDescriptionCopy.dateLabel): \(AnimalDescriptionCopy.dateInFuture).")
                }
            } catch {
                console.notice("\(AnimalDescriptionCopy.dateLabel): \(error.description)")
            }
        case "2":
            if let index = try console.choose(AnimalDescriptionCopy.speciesLabel, step.speciesChoices) {
                flow.descriptionStep.selectSpecies(SpeciesTaxonomy.options[index])
            }
        case "3":
            guard !step.raceField.isDisabled else {
                console.notice("\(AnimalDescriptionCopy.raceLabel): \(AnimalDescriptionCopy.racePlaceholderDisabled).")
                return
            }
            if let text = try console.edit(AnimalDescriptionCopy.raceLabel, current: step.raceText) {
                flow.descriptionStep.setRace(text)
            }
        case "4":
            if let index = try console.choose(AnimalDescriptionCopy.genderLabel, step.genderChoices) {
                flow.descriptionStep.selectGender(index == 0 ? .female : .male)
            }
        case "5":
            if let text = try console.edit(AnimalDescriptionCopy.ageLabel, current: step.ageText) {
                flow.descriptionStep.setAge(text)
            }
        case "6":
            if let text = try console.edit(AnimalDescriptionCopy.descriptionLabel, current: step.descriptionField.text),
                flow.descriptionStep.setAdditionalDescription(text)
            {
                console.notice("Only the first \(AnimalDescriptionCopy.descriptionLimit) characters were kept.")
            }
        case "7", "8":
            try console.editCoordinate(key, of: &flow.descriptionStep.coordinates)
        case "g":
            try await requestPosition()
            console.showTranscript(location.transcript?.take() ?? [])
            try console.answerLocationAlert(of: &flow.descriptionStep.coordinates, source: location.name)
        case "c": continueTapped()
        case "b": back()
        case "q": try console.confirmCancel()
        case "": break
        case let other: console.notice("\"\(other)\" is not an action here: type a field number 1–8, g, c, b or q.")
        }
    }

    /// Request GPS position: asks gpsd's permission question first when needed, then runs
    /// the request with a live status line (or the scenario's transcript).
    func requestPosition() async throws(WizardExit) {
        try await location.askPermissionIfUndetermined()
        await console.withStatusLine(
            "\(flow.descriptionStep.coordinates.copy.buttonTitle): \(location.name)…", enabled: location.service != nil
        ) {
            await flow.requestGPSPosition()
        }
    }
}

/// `true` after a request filled the fields.
func isCaptured(_ fields: CoordinateFields) -> Bool {
    if case .captured = fields.requestStatus { true } else { false }
}
