import Hummingbird
import PetSpotJSON
import ReportSteps
import ReportStore

/// Replays a page's request on one step with fields of a flow's machine
/// (``MissingReportMachine``, ``FoundReportMachine``), so a page sees exactly what the model
/// would show had it lived through the same edits:
///
/// 1. a fresh machine (today's defaults);
/// 2. the step's last Continue: its values through the fields' setters, then the machine's
///    check of the step (inline messages as the model left them);
/// 3. the last location outcome, its alert already answered (the alert is modal);
/// 4. the values the page shows, where they differ from the model's, in screen order;
/// 5. the new edit; or the machine's check of the step (Continue).
///
/// Nothing is kept between requests: the page holds the draft.
struct StepReplay<Machine: Sendable, Form: FieldForm> {
    /// The flow, as the request leaves it.
    var machine: Machine
    /// Where the step's model is in the machine.
    let form: WritableKeyPath<Machine, Form>
    /// The machine's Continue check of this step (``MissingReportMachine/check(_:)``).
    let check: @Sendable (inout Machine) -> StepOutcome
    /// The step's latitude/longitude block, on the steps that have one.
    let coordinates: WritableKeyPath<Form, CoordinateFields>?

    /// The step's model now.
    var model: Form { machine[keyPath: form] }

    /// Steps 2–4 of `request`.
    mutating func replayBase(_ request: StepRequest) throws(Problem) {
        if let checked = request.checked {
            try enter(checked)
            _ = check(&machine)
        }
        if let outcome = request.location, let coordinates {
            machine[keyPath: form.appending(path: coordinates)].replay(outcome)
        }
        try enter(request.values)
    }

    /// Steps 2–4 and the new edit: what the page shows before its Continue or its location
    /// request.
    mutating func replayEdits(_ request: StepRequest) throws(Problem) {
        try replayBase(request)
        if let edit = request.edit { try enter(edit.value, in: edit.field) }
    }

    /// Steps 2–5: Continue's outcome when it was Continue.
    mutating func replay(_ request: StepRequest) throws(Problem) -> StepOutcome? {
        try replayEdits(request)
        guard request.action == .continue else { return nil }
        return check(&machine)
    }

    /// The values that differ from what the model shows, through the setters in screen order.
    mutating func enter(_ values: [String: String]) throws(Problem) {
        for field in Form.fields {
            guard let text = values[field.rawValue], text != model.text(of: field) else { continue }
            try enter(text, in: field.rawValue)
        }
    }

    /// A page's edit of the field named `name` (as its input sends it: ``FieldEntry/keystrokes``).
    ///
    /// - Throws: ``Problem`` (400) when the text is not a value the field takes (a species not
    ///   in the list): a page never sends one, so it is the client's mistake.
    mutating func enter(_ text: String, in name: String) throws(Problem) {
        guard let field = Form.field(named: name) else { return }
        do throws(FieldTextError) {
            try machine[keyPath: form].enter(text, in: field, as: .keystrokes)
        } catch {
            throw Problem(
                .badRequest, detail: "Field '\(name)': \(error.description).", extensions: [("field", .string(name))])
        }
    }

    /// The values the model shows now, for the page to keep (and send back as `checked`).
    var values: [String: String] {
        Dictionary(uniqueKeysWithValues: model.texts.map { ($0.field.rawValue, $0.text) })
    }

    /// The field names of the step, in screen order.
    static var fields: [String] { Form.names }
}

extension CoordinateFields {
    /// Puts back the outcome of a request made earlier, its alert answered.
    mutating func replay(_ outcome: LocationRequestOutcome) {
        _ = beginLocationRequest()
        finishLocationRequest(outcome)
        resolveAlert(.cancel)
    }
}
