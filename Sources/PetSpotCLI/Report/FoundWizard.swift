import Foundation
import ReportSteps

/// `petspot report found` on a terminal: *Upload photo* (1/3), *Pet details* (2/3) and
/// *Contact information* (3/3) over `FoundPetReportFlow`; Submit report writes the payload.
@MainActor
final class FoundWizard {
    static let context = "Report a found pet"

    let flow: FoundPetReportFlow
    let console: WizardConsole
    let location: WizardLocationSource
    let writer: PayloadWriter
    /// Saves the draft before every screen.
    let drafts: DraftKeeper?
    private var toast: Toast?

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
            drafts?.save(flow.draft, photo: flow.photoStep.photo, console: console)
            switch flow.step {
            case .uploadPhoto: try photoScreen()
            case .petDetails: try await detailsScreen()
            case .contactInfo: try await contactScreen()
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

    // MARK: Upload photo

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

    // MARK: Pet details

    private func drawDetails() {
        let step = flow.petDetailsStep
        let screen = console.screen
        screen.header(title: flow.step.screenTitle, progress: flow.step.progress, context: Self.context)
        screen.text(FoundFlowCopy.PetDetails.body)
        screen.field(1, ScreenField(step.dateField))
        screen.field(
            2,
            ScreenField(
                label: FoundFlowCopy.PetDetails.speciesLabel, choices: step.speciesChoices,
                placeholder: FoundFlowCopy.PetDetails.speciesPlaceholder, error: step.speciesError))
        screen.field(3, ScreenField(step.breedField))
        screen.field(
            4,
            ScreenField(
                label: FoundFlowCopy.PetDetails.sexLabel, choices: step.sexChoices, placeholder: "Female or Male",
                error: step.sexError))
        screen.field(5, ScreenField(step.collarField))
        screen.field(6, ScreenField(step.descriptionField))
        screen.field(7, ScreenField(step.coordinates.latitudeField))
        screen.field(8, ScreenField(step.coordinates.longitudeField))
        screen.helper(step.coordinates.helperText, success: isCaptured(step.coordinates))
        screen.menu([
            ("1-8", "edit field"), ("u", step.coordinates.copy.buttonTitle),
            ("c", FoundFlowCopy.PetDetails.continueTitle), ("b", "Back"), ("q", "Cancel"),
        ])
    }

    private func detailsScreen() async throws(WizardExit) {
        drawDetails()
        showToastAndNotices()
        let step = flow.petDetailsStep
        let key = try console.read("Choose:").trimmingCharacters(in: .whitespaces).lowercased()
        switch key {
        case "1":
            guard
                let text = try console.edit(
                    FoundFlowCopy.PetDetails.dateLabel, current: step.dateField.text, hint: CalendarDay.acceptedFormats)
            else { return }
            do {
                if !flow.petDetailsStep.selectDate(try CalendarDay(parsing: text)) {
                    console.notice("\(FoundFlowCopy.PetDetails.dateLabel): \(FoundFlowCopy.PetDetails.dateInFuture).")
                }
            } catch {
                console.notice("\(FoundFlowCopy.PetDetails.dateLabel): \(error.description)")
            }
        case "2":
            if let index = try console.choose(FoundFlowCopy.PetDetails.speciesLabel, step.speciesChoices) {
                flow.petDetailsStep.selectSpecies(SpeciesTaxonomy.options[index])
            }
        case "3":
            if let text = try console.edit(FoundFlowCopy.PetDetails.breedLabel, current: step.breedText) {
                flow.petDetailsStep.setBreed(text)
            }
        case "4":
            if let index = try console.choose(FoundFlowCopy.PetDetails.sexLabel, step.sexChoices) {
                flow.petDetailsStep.selectSex(index == 0 ? .female : .male)
            }
        case "5":
            if let text = try console.edit(FoundFlowCopy.PetDetails.collarLabel, current: step.collarField.text) {
                flow.petDetailsStep.setCollarData(text)
            }
        case "6":
            if let text = try console.edit(
                FoundFlowCopy.PetDetails.descriptionLabel, current: step.descriptionField.text),
                flow.petDetailsStep.setAdditionalDescription(text)
            {
                console.notice("Only the first \(FoundFlowCopy.PetDetails.descriptionLimit) characters were kept.")
            }
        case "7", "8":
            try console.editCoordinate(key, of: &flow.petDetailsStep.coordinates)
        case "u":
            try await location.askPermissionIfUndetermined()
            await console.withStatusLine(
                "\(step.coordinates.copy.buttonTitle): \(location.name)…", enabled: location.service != nil
            ) {
                await flow.useCurrentLocation()
            }
            console.showTranscript(location.transcript?.take() ?? [])
            try console.answerLocationAlert(of: &flow.petDetailsStep.coordinates, source: location.name)
        case "c": continueTapped()
        case "b": back()
        case "q": try console.confirmCancel()
        case "": break
        case let other: console.notice("\"\(other)\" is not an action here: type a field number 1–8, u, c, b or q.")
        }
    }

    // MARK: Contact information

    private func drawContact() {
        let step = flow.contactStep
        let screen = console.screen
        screen.header(title: flow.step.screenTitle, progress: flow.step.progress, context: Self.context)
        screen.text(FoundFlowCopy.Contact.heading)
        screen.text(FoundFlowCopy.Contact.body)
        screen.field(1, ScreenField(step.phoneField))
        screen.field(2, ScreenField(step.emailField))
        screen.field(3, ScreenField(step.caregiverPhoneField))
        screen.field(4, ScreenField(step.addressField))
        screen.menu([("1-4", "edit field"), ("s", FoundFlowCopy.Contact.submitTitle), ("b", "Back"), ("q", "Cancel")])
    }

    private func contactScreen() async throws(WizardExit) {
        drawContact()
        showToastAndNotices()
        let step = flow.contactStep
        switch try console.read("Choose:").trimmingCharacters(in: .whitespaces).lowercased() {
        case "1":
            if let text = try console.edit(FoundFlowCopy.Contact.phoneLabel, current: step.phoneText) {
                flow.contactStep.setPhone(text)
            }
        case "2":
            if let text = try console.edit(FoundFlowCopy.Contact.emailLabel, current: step.emailText) {
                flow.contactStep.setEmail(text)
            }
        case "3":
            if let text = try console.edit(FoundFlowCopy.Contact.caregiverPhoneLabel, current: step.caregiverPhoneText)
            {
                flow.contactStep.setCaregiverPhone(text)
            }
        case "4":
            if let text = try console.edit(FoundFlowCopy.Contact.addressLabel, current: step.address.value),
                flow.contactStep.setAddress(text)
            {
                console.notice("Only the first \(FoundFlowCopy.Contact.addressLimit) characters were kept.")
            }
        case "s", "c":
            console.terminal.line()  // the payload starts on its own line when it goes to the terminal
            if case .stay(let shown) = await flow.submitTapped() {
                toast = shown  // says what failed (FoundReportSubmissionFailure), once
            }
        case "b": back()
        case "q": try console.confirmCancel()
        case "": break
        case let other: console.notice("\"\(other)\" is not an action here: type a field number 1–4, s, b or q.")
        }
    }
}
