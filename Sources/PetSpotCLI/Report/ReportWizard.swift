import Foundation
import ReportSteps

/// What the two terminal wizards (``MissingWizard``, ``FoundWizard``) share around their
/// screens: the draft saved before each one, the toast and notices under it, the keys every
/// screen answers the same (b, q, Enter, a key that is not an action), the photo screen, and
/// the rows *Animal description* and *Pet details* both have — the date, the species and sex
/// choices, the texts with a limit, the location request.
@MainActor
protocol ReportWizard: AnyObject {
    /// The flow's machine.
    associatedtype Machine: ReportMachine

    /// Said on every screen.
    static var context: String { get }
    /// The flow the screens draw and edit.
    var flow: ReportFlow<Machine> { get }
    /// Where screens are drawn and answers read.
    var console: WizardConsole { get }
    /// What answers the location request.
    var location: WizardLocationSource { get }
    /// Saves the draft before every screen (none for the demo).
    var drafts: DraftKeeper? { get }
    /// The toast the last Continue left, shown under the next screen.
    var toast: Toast? { get set }
}

extension ReportWizard {
    /// Saves what was entered so far (before each screen).
    func saveDraft() {
        drafts?.save(flow.draft, photo: flow.photoStep.photo, console: console)
    }

    /// Shows the toast, then the queued notices, under the screen just drawn, and reads the
    /// action key: `Choose:`, trimmed, lower case.
    func readKey() throws(WizardExit) -> String {
        if let toast { console.screen.toast(toast.message) }
        toast = nil
        console.flushNotices()
        return try console.read("Choose:").trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Continue (or Submit report): the toast when the step stays.
    func continueTapped() {
        if case .stay(let shown) = flow.continueTapped() { toast = shown }
    }

    /// The keys every screen answers the same: b (Back), q (Cancel), Enter (the screen again);
    /// any other key is not an action here, and `keys` lists the screen's (`1, c or q`).
    func navigate(_ key: String, keys: String) throws(WizardExit) {
        switch key {
        case "b": if !flow.back() { console.notice("This is the first step.") }
        case "q": try console.confirmCancel()
        case "": break
        default: console.notice("\"\(key)\" is not an action here: type \(keys).")
        }
    }

    /// *Animal photo* / *Upload photo*: a file named by path, Remove, Continue.
    func photoScreen() throws(WizardExit) {
        console.drawPhotoStep(flow.photoStep, context: Self.context)
        let key = try readKey()
        switch key {
        case "1": try console.choosePhoto(&flow.photoStep)
        case "r" where flow.photoStep.photo != nil: flow.photoStep.remove()
        case "c": continueTapped()
        default: try navigate(key, keys: console.keyList(console.photoMenu(flow.photoStep)))
        }
    }

    /// Edits a date (any of ``CalendarDay/acceptedFormats``); `select` refuses a day after
    /// today or before 1900, and a notice says why (`refusal`), as it says why a text is not a
    /// date.
    func editDate(
        _ label: String, current: String, refusal: (CalendarDay) -> String?, select: (CalendarDay) -> Bool
    )
        throws(WizardExit)
    {
        guard let text = try console.edit(label, current: current, hint: CalendarDay.acceptedFormats) else { return }
        do {
            let day = try CalendarDay(parsing: text)
            if !select(day), let message = refusal(day) { console.notice("\(label): \(message).") }
        } catch {
            console.notice("\(label): \(error.description)")
        }
    }

    /// Edits a text field: `set` gets the new text, unless the person kept the current one.
    func editText(_ label: String, current: String, set: (String) -> Void) throws(WizardExit) {
        if let text = try console.edit(label, current: current) { set(text) }
    }

    /// Edits `current`, a text that keeps at most its ``LimitedText/limit`` characters: `set`
    /// says when it cut, and a notice says so.
    func editLimited(_ label: String, _ current: LimitedText, set: (String) -> Bool) throws(WizardExit) {
        if let text = try console.edit(label, current: current.value), set(text) {
            console.notice("Only the first \(current.limit) characters were kept.")
        }
    }

    /// Chooses a species among `choices` (the species list's).
    func chooseSpecies(_ label: String, _ choices: [ChoiceModel], select: (SpeciesTaxonomyOption) -> Void)
        throws(WizardExit)
    {
        guard let index = try console.choose(label, choices), SpeciesTaxonomy.options.indices.contains(index) else {
            return
        }
        select(SpeciesTaxonomy.options[index])
    }

    /// Chooses Female or Male (`choices` in that order).
    func chooseSex(_ label: String, _ choices: [ChoiceModel], select: (AnimalGender) -> Void) throws(WizardExit) {
        if let index = try console.choose(label, choices) { select(index == 0 ? .female : .male) }
    }

    /// Runs the location request: gpsd's permission question first when needed, then the
    /// request with a live status line (or the scenario's transcript).
    func runLocationRequest(_ title: String) async throws(WizardExit) {
        try await location.askPermissionIfUndetermined()
        await console.withStatusLine("\(title): \(location.name)…", enabled: location.service != nil) {
            await flow.requestLocation()
        }
    }

    /// The location action of the step whose fields are `coordinates`: the request
    /// (``runLocationRequest(_:)``), its transcript, then the alert it raised, if any.
    func requestLocation(into coordinates: WritableKeyPath<Machine, CoordinateFields>) async throws(WizardExit) {
        try await runLocationRequest(flow[dynamicMember: coordinates].copy.buttonTitle)
        console.showTranscript(location.transcript?.take() ?? [])
        try console.answerLocationAlert(of: &flow[dynamicMember: coordinates], source: location.name)
    }
}
