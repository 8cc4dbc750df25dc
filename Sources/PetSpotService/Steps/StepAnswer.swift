import PetSpotJSON
import ReportSteps
import ReportStore

/// A field as the page draws it: the model's identifier, the field's text, its inline
/// error, helper text, placeholder and whether it takes edits.
struct FieldView: Sendable {
    var id: String
    var value: String
    var error: String?
    var helper: String?
    var placeholder: String
    var disabled: Bool

    /// The view of `model`, showing `value` (the field's text: ``FieldForm/text(of:)``).
    init(_ model: TextFieldModel, value: String) {
        id = model.accessibilityIdentifier
        self.value = value
        error = model.errorMessage
        helper = model.helperText
        placeholder = model.placeholder
        disabled = model.isDisabled
    }
}

/// The JSON answer of the step API: what the page draws after a request.
///
/// ```json
/// {"flow": "found", "step": "petDetails", "progress": "2/3", "outcome": "stay",
///  "toast": {"message": "Please correct the highlighted fields", "seconds": 3},
///  "fields": {"latitude": {"id": "foundPetDetails.latitudeTextField.input", "value": "95",
///             "error": "Must be between -90 and 90", "helper": null, "placeholder": "52.2297",
///             "disabled": false}, …},
///  "checked": {"latitude": "95", …}, "location": {…}, "next": null, "backTo": null, "report": null}
/// ```
///
/// Submit report's answer, when the report was stored, carries its id and the URL of its
/// card: `"report": {"stored": true, "id": "r-…", "url": "/pets/r-…", "notice": null,
/// "payload": null}`; on a server without a store the report is shown instead, not stored:
/// `{"stored": false, "id": null, "url": null, "notice": "Not stored: …", "payload": {…}}`.
struct StepAnswer {
    var flow: String
    var step: String
    var progress: String
    /// `shown` (an edit), `advance` or `stay` (Continue).
    var outcome: StepOutcome?
    var toast: Toast?
    var fields: [(name: String, view: FieldView)]
    var checked: [String: String]?
    var location: JSONValue?
    var next: String?
    var backTo: String?
    var report: JSONValue?

    /// The answer for `form`, step `step` of `flow`, after a request.
    init<Form: FieldForm>(
        flow: String, step: String, progress: String, form: Form, coordinates: CoordinateFields?,
        outcome: StepOutcome?, checked: [String: String]?, location: LocationRequestOutcome?, next: String?
    ) {
        self.flow = flow
        self.step = step
        self.progress = progress
        self.outcome = outcome
        toast = outcome?.toast
        fields = Form.fields.map { ($0.rawValue, FieldView(form.model(of: $0), value: form.text(of: $0))) }
        self.checked = checked
        self.location = coordinates.map { LocationOutcomeJSON.block($0, outcome: location) }
        self.next = outcome?.advances == true ? next : nil
    }

    var json: JSONValue {
        .object([
            ("flow", .string(flow)), ("step", .string(step)), ("progress", .string(progress)),
            ("outcome", .string(Self.outcomeName(outcome))), ("toast", toast.map(Self.toastJSON) ?? .null),
            ("fields", .object(fields.map { ($0.name, Self.fieldJSON($0.view)) })),
            ("checked", checked.map(Self.valuesJSON) ?? .null), ("location", location ?? .null),
            ("next", .string(next)), ("backTo", .string(backTo)), ("report", report ?? .null),
        ])
    }

    /// `shown` for an edit (no outcome), else `advance` or `stay`.
    static func outcomeName(_ outcome: StepOutcome?) -> String {
        switch outcome {
        case nil: "shown"
        case .advance?: "advance"
        case .stay?: "stay"
        }
    }

    static func toastJSON(_ toast: Toast) -> JSONValue {
        .object([("message", .string(toast.message)), ("seconds", .number(Self.seconds(toast.duration)))])
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func fieldJSON(_ view: FieldView) -> JSONValue {
        .object([
            ("id", .string(view.id)), ("value", .string(view.value)), ("error", .string(view.error)),
            ("helper", .string(view.helper)), ("placeholder", .string(view.placeholder)),
            ("disabled", .bool(view.disabled)),
        ])
    }

    static func valuesJSON(_ values: [String: String]) -> JSONValue {
        .object(values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }
}
