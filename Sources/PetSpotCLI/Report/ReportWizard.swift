import Foundation
import ReportSteps

/// A terminal wizard over a flow's machine (``MissingWizard``, ``FoundWizard``): its state,
/// and what both flows share around their screens: the draft saved before each one, the toast
/// and notices under it, the keys every screen answers the same (b, q, Enter, a key that is not
/// an action), the photo screen, every field's edit by its number and the kind of its input
/// (the fields are the step's, in its order: ``FieldForm/fields``), and the location request.
/// Each flow's own screens are in an extension where `Machine` is that flow's.
@MainActor
final class ReportWizard<Machine: WizardFlow> {
    /// The flow the screens draw and edit.
    let flow: ReportFlow<Machine>
    /// Where screens are drawn and answers read.
    let console: WizardConsole
    /// What answers the location request.
    let location: WizardLocationSource
    /// Saves the draft before every screen (none for the demo).
    let drafts: DraftKeeper?
    /// The toast the last Continue left, shown under the next screen.
    var toast: Toast?

    init(flow: ReportFlow<Machine>, console: WizardConsole, location: WizardLocationSource, drafts: DraftKeeper? = nil)
    {
        self.flow = flow
        self.console = console
        self.location = location
        self.drafts = drafts
    }
}

/// A flow a terminal wizard runs.
protocol WizardFlow: ReportMachine {
    /// Said on every screen: "Report a missing pet".
    static var wizardContext: String { get }
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
        console.drawPhotoStep(flow.photoStep, at: flow.step, context: Machine.wizardContext)
        let key = try readKey()
        switch key {
        case "1": try console.choosePhoto(&flow.photoStep)
        case "r" where flow.photoStep.photo != nil: flow.photoStep.remove()
        case "c": continueTapped()
        default: try navigate(key, keys: console.keyList(console.photoMenu(flow.photoStep)))
        }
    }

    /// The menu's entry for the fields of `form`: `("1-8", "edit field")`, or `("1", …)` for one.
    func fieldKeys<Form: FieldForm>(_: Form.Type) -> (String, String) {
        (Form.fields.count == 1 ? "1" : "1-\(Form.fields.count)", "edit field")
    }

    /// What a screen with the fields of `form` and `others` keys takes, for the notice of a key
    /// that is not one: `a field number 1–8, g, c, b or q` (`1, c or q` with one field).
    func keyList<Form: FieldForm>(_: Form.Type, _ others: [String]) -> String {
        let fields = Form.fields.count == 1 ? "1" : "a field number 1–\(Form.fields.count)"
        let keys = [fields] + others
        return keys.dropLast().joined(separator: ", ") + " or " + (keys.last ?? "")
    }

    /// `key` on a screen with the fields of `form` and the actions `others`: a field's number
    /// edits it (``editField(_:of:)``), any other key is one every screen answers
    /// (``navigate(_:keys:)``).
    func editFieldOrNavigate<Form: FieldForm>(
        _ key: String, of form: WritableKeyPath<Machine, Form>, others: [String]
    ) throws(WizardExit) {
        if try !editField(key, of: form) {
            try navigate(key, keys: keyList(Form.self, others))
        }
    }

    /// Edits the field numbered `key` (from 1, in the step's order: ``FieldForm/fields``) of the
    /// step `form`, as what input draws it (``FieldKind``) with its label as the prompt: a date
    /// (any of ``CalendarDay/acceptedFormats``; a day after today or before 1900 is refused with
    /// a notice), a species or sex among its choices, a search radius in kilometres (Enter keeps
    /// the one shown, 10 km at first), a text with a limit (a notice says when it
    /// was cut), any other text as a whole entry (a notice says why one is refused, unless the
    /// field shows it). A disabled field says why.
    ///
    /// - Returns: `false` when `key` numbers no field of the step.
    func editField<Form: FieldForm>(_ key: String, of form: WritableKeyPath<Machine, Form>) throws(WizardExit) -> Bool {
        guard let number = Int(key), Form.fields.indices.contains(number - 1) else { return false }
        let field = Form.fields[number - 1]
        let model = flow[dynamicMember: form].model(of: field)
        guard !model.isDisabled else {
            console.notice("\(model.label): \(model.placeholder).")
            return true
        }
        let current = flow[dynamicMember: form].text(of: field)
        switch field.fieldKind {
        case .day:
            let shown = (try? CalendarDay(fieldText: current))?.numericText ?? ""
            guard let text = try console.edit(model.label, current: shown, hint: CalendarDay.acceptedFormats) else {
                break
            }
            let day: CalendarDay
            do {
                day = try CalendarDay(parsing: text)
            } catch {
                console.notice("\(model.label): \(error.description)")
                break
            }
            do throws(FieldTextError) {
                try flow[dynamicMember: form].enter(day.fieldText, in: field, as: .whole)
            } catch {
                console.notice("\(model.label): \(error.description).")
            }
        case .species, .gender:
            let choices = flow[dynamicMember: form].choices(of: field)
            let values =
                field.fieldKind == .gender
                ? AnimalGender.allCases.map(\.fieldText) : SpeciesTaxonomy.options.map(\.fieldText)
            guard let index = try console.choose(model.label, choices), values.indices.contains(index) else { break }
            try? flow[dynamicMember: form].enter(values[index], in: field, as: .whole)
        case .searchRadius:
            // Typed in kilometres (`15`, `15 km`): the choices' numbers 1–7 would read as radii.
            let hint = SearchRadiusChoice.all.map(\.fieldText).joined(separator: ", ") + " km"
            guard let text = try console.edit(model.label, current: current + " km", hint: hint) else { break }
            do throws(FieldTextError) {
                try flow[dynamicMember: form].enter(text, in: field, as: .whole)
            } catch {
                console.notice("\(model.label): \(error.description).")
            }
        case .multilineText, .address:
            guard let text = try console.edit(model.label, current: current) else { break }
            try? flow[dynamicMember: form].enter(text, in: field, as: .keystrokes)
            let kept = flow[dynamicMember: form].text(of: field).count
            if kept < text.count { console.notice("Only the first \(kept) characters were kept.") }
        default:
            guard let text = try console.edit(model.label, current: current) else { break }
            do throws(FieldTextError) {
                try flow[dynamicMember: form].enter(text, in: field, as: .whole)
            } catch {
                // A field that shows why under it (a refused microchip number) needs no notice.
                if flow[dynamicMember: form].model(of: field).errorMessage != error.description {
                    console.notice("\(model.label): \(error.description)")
                }
            }
        }
        return true
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

    /// Reads the key of a screen with the location button: `locate` asks for the position into
    /// `coordinates`, c is Continue, and any other key edits a field of `form` or navigates.
    func answerLocatingStep<Form: FieldForm>(
        _ form: WritableKeyPath<Machine, Form>, coordinates: WritableKeyPath<Machine, CoordinateFields>,
        locate: String
    ) async throws(WizardExit) {
        let key = try readKey()
        switch key {
        case locate: try await requestLocation(into: coordinates)
        case "c": continueTapped()
        default: try editFieldOrNavigate(key, of: form, others: [locate, "c", "b", "q"])
        }
    }
}
