import ReportSteps

/// Rebuilds a step's model from a ``StepRequest`` and runs what the person did, so a page
/// sees exactly what the model would show had it lived through the same edits:
///
/// 1. a fresh step (today's defaults);
/// 2. the last Continue: its values through the setters, then Continue (inline messages as
///    the model left them);
/// 3. the last location outcome, its alert already answered (the alert is modal);
/// 4. the values the page shows, where they differ from the model's, through the setters in
///    screen order;
/// 5. the new edit, through its setter; or Continue.
///
/// Nothing is kept between requests: the page holds the draft.
enum StepReplay {
    /// Steps 1–4.
    static func base<Form: StepForm>(_ request: StepRequest, _ form: Form) throws(Problem) -> Form {
        var form = form
        if let checked = request.checked {
            try apply(checked, to: &form)
            _ = form.continueTapped()
        }
        if let outcome = request.location, var fields = form.coordinates {
            _ = fields.beginLocationRequest()
            fields.finishLocationRequest(outcome)
            fields.resolveAlert(.cancel)
            form.coordinates = fields
        }
        try apply(request.values, to: &form)
        return form
    }

    /// Steps 1–5: the model after the request, and Continue's outcome when it was Continue.
    static func run<Form: StepForm>(_ request: StepRequest, _ form: Form) throws(Problem) -> (Form, StepOutcome?) {
        var form = try base(request, form)
        if let edit = request.edit { try form.apply(edit.field, edit.value) }
        guard request.action == .continue else { return (form, nil) }
        let outcome = form.continueTapped()
        return (form, outcome)
    }

    /// The values that differ from what the model shows, through the setters in screen order.
    static func apply<Form: StepForm>(_ values: [String: String], to form: inout Form) throws(Problem) {
        for field in Form.fields {
            guard let text = values[field], text != form.value(of: field) else { continue }
            try form.apply(field, text)
        }
    }

    /// The values the model shows now, for the page to keep (and send back as `checked`).
    static func values<Form: StepForm>(_ form: Form) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Form.fields.map { ($0, form.value(of: $0)) })
    }
}
