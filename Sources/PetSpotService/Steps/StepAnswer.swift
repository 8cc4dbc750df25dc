import PetSpotJSON
import ReportSteps

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

    /// The answer for `form` after a request.
    init<Form: StepForm>(
        _ form: Form, outcome: StepOutcome?, checked: [String: String]?, location: LocationRequestOutcome?,
        next: String?
    ) {
        flow = Form.flow
        step = Form.step
        progress = Form.progress
        self.outcome = outcome
        toast = outcome?.toast
        fields = form.views
        self.checked = checked
        self.location = form.coordinates.map { LocationOutcomeJSON.block($0, outcome: location) }
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
