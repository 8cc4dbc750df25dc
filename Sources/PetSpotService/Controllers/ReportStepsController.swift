import Foundation
import Hummingbird
import PetSpotJSON
import ReportSteps

/// The step API the report pages ask: `POST /v1/report-steps/{flow}/{step}` (an edit or
/// Continue) and `POST /v1/report-steps/{flow}/{step}/location` (Request GPS position / Use
/// current location). Every rule and message is the ReportSteps model's: the request is
/// replayed through the model (``StepReplay``) and the answer is what the model shows
/// (``StepAnswer``). The server keeps no draft.
struct ReportStepsController {
    let location: LocationSource
    let today: Today

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/report-steps/{flow}/{step}") { request, context -> Response in
            let (flow, step) = Self.names(context)
            let body = try await Self.body(request)
            return .json(try await answer(flow: flow, step: step, body: body, locating: false))
        }
        router.post("/v1/report-steps/{flow}/{step}/location") { request, context -> Response in
            let (flow, step) = Self.names(context)
            let body = try await Self.body(request)
            return .json(try await answer(flow: flow, step: step, body: body, locating: true))
        }
    }

    static func names(_ context: ServiceRequestContext) -> (String, String) {
        (context.parameters.get("flow") ?? "", context.parameters.get("step") ?? "")
    }

    static func body(_ request: Request) async throws -> Data {
        _ = try Query(request, allowed: [])
        try RequestBody.requireJSON(request)
        return try await RequestBody.collect(request, limit: ServiceLimits.maximumBodyBytes, what: "The request body")
    }

    /// The answer for one request to a JSON step.
    func answer(flow: String, step: String, body: Data, locating: Bool) async throws(Problem) -> JSONValue {
        switch (flow, step) {
        case ("missing", MicrochipForm.step):
            guard !locating else { throw Self.noLocation(flow: flow, step: step) }
            let request = try StepRequest(body, fields: MicrochipForm.fields)
            let (form, outcome) = try StepReplay.run(request, MicrochipForm(today: today))
            return Self.answer(form, request, outcome, next: "animalPhoto").json
        case ("missing", AnimalDescriptionForm.step):
            let request = try StepRequest(body, fields: AnimalDescriptionForm.fields)
            if locating { return try await locate(request, AnimalDescriptionForm(today: today)) }
            let (form, outcome) = try StepReplay.run(request, AnimalDescriptionForm(today: today))
            return Self.answer(form, request, outcome, next: ContactDetailsForm.step).json
        case ("missing", ContactDetailsForm.step):
            guard !locating else { throw Self.noLocation(flow: flow, step: step) }
            let request = try StepRequest(
                body, fields: ContactDetailsForm.fields,
                earlier: [
                    MicrochipForm.step: MicrochipForm.fields, AnimalDescriptionForm.step: AnimalDescriptionForm.fields,
                ])
            return try submitMissing(request).json
        case ("found", FoundPetDetailsForm.step):
            let request = try StepRequest(body, fields: FoundPetDetailsForm.fields)
            if locating { return try await locate(request, FoundPetDetailsForm(today: today)) }
            let (form, outcome) = try StepReplay.run(request, FoundPetDetailsForm(today: today))
            return Self.answer(form, request, outcome, next: ContactInfoForm.step).json
        case ("found", ContactInfoForm.step):
            guard !locating else { throw Self.noLocation(flow: flow, step: step) }
            let request = try StepRequest(
                body, fields: ContactInfoForm.fields, earlier: [FoundPetDetailsForm.step: FoundPetDetailsForm.fields])
            return try submit(request).json
        case ("missing", _), ("found", _):
            throw Problem(
                .notFound,
                detail:
                    "The \(flow) flow has no step '\(StepRequest.shown(step))' here; its steps with fields are \(flow == "found" ? "petDetails, contactInfo" : "microchip, animalDescription, contactDetails"). Photos go to POST /v1/report-photos/\(flow)."
            )
        default:
            throw Problem(
                .notFound, detail: "No report flow '\(StepRequest.shown(flow))'; the flows are missing and found.")
        }
    }

    static func answer<Form: StepForm>(_ form: Form, _ request: StepRequest, _ outcome: StepOutcome?, next: String)
        -> StepAnswer
    {
        StepAnswer(
            form, outcome: outcome, checked: outcome == nil ? request.checked : StepReplay.values(form),
            location: request.location, next: next)
    }

    /// Request GPS position / Use current location: the server's source, or the browser's answer.
    func locate<Form: StepForm>(_ request: StepRequest, _ form: Form) async throws(Problem) -> JSONValue {
        var form = try StepReplay.base(request, form)
        if let edit = request.edit { try form.apply(edit.field, edit.value) }
        guard var fields = form.coordinates else { throw Self.noLocation(flow: Form.flow, step: Form.step) }
        let outcome: LocationRequestOutcome
        if let browser = request.browser {
            outcome = browser.outcome
        } else {
            outcome = await PageLocationRequest.serverOutcome(location)
        }
        _ = fields.beginLocationRequest()
        fields.finishLocationRequest(outcome)
        form.coordinates = fields
        return StepAnswer(form, outcome: nil, checked: request.checked, location: outcome, next: nil).json
    }

    static func noLocation(flow: String, step: String) -> Problem {
        Problem(.notFound, detail: "The \(flow) flow's \(StepRequest.shown(step)) step has no location fields.")
    }

    /// Contact information: an edit, or Submit report. Submit rebuilds Pet details from
    /// `earlierSteps.petDetails`; when both are valid the answer carries the report to send
    /// (``ReportPreview``).
    func submit(_ request: StepRequest) throws(Problem) -> StepAnswer {
        guard request.action == .continue else {
            let (form, _) = try StepReplay.run(request, ContactInfoForm(today: today))
            return Self.answer(form, request, nil, next: "submitted")
        }
        var details = FoundPetDetailsForm(today: today)
        try StepReplay.apply(try Self.earlier(request, FoundPetDetailsForm.self), to: &details)
        let detailsOutcome = details.continueTapped()
        let (form, outcome) = try StepReplay.run(request, ContactInfoForm(state: details.state))
        return Self.submitted(
            form, request, outcome, earlier: (detailsOutcome, FoundPetDetailsForm.step),
            report: { ReportPreview.found(form.state) })
    }

    /// Contact details: an edit, or Submit report. Submit rebuilds Microchip number and Animal
    /// description from `earlierSteps.microchip` and `earlierSteps.animalDescription`; when all
    /// are valid the answer carries the report to send (``ReportPreview``).
    func submitMissing(_ request: StepRequest) throws(Problem) -> StepAnswer {
        guard request.action == .continue else {
            let (form, _) = try StepReplay.run(request, ContactDetailsForm(today: today))
            return Self.answer(form, request, nil, next: "submitted")
        }
        var microchip = MicrochipForm(today: today)
        try StepReplay.apply(request.earlierSteps[MicrochipForm.step] ?? [:], to: &microchip)
        _ = microchip.continueTapped()  // optional: always advances
        var description = AnimalDescriptionForm(today: today)
        description.state = microchip.state
        try StepReplay.apply(try Self.earlier(request, AnimalDescriptionForm.self), to: &description)
        let descriptionOutcome = description.continueTapped()
        let (form, outcome) = try StepReplay.run(request, ContactDetailsForm(state: description.state))
        return Self.submitted(
            form, request, outcome, earlier: (descriptionOutcome, AnimalDescriptionForm.step),
            report: { ReportPreview.missing(form.state) })
    }

    /// The values of an earlier step Submit report needs, or a 400 naming the member.
    static func earlier<Form: StepForm>(_ request: StepRequest, _: Form.Type) throws(Problem) -> [String: String] {
        guard let values = request.earlierSteps[Form.step] else {
            throw StepRequest.bad(
                "earlierSteps",
                "Submit report needs 'earlierSteps.\(Form.step)': that step's values, to build the report.")
        }
        return values
    }

    /// Submit report's answer: back to the earlier step when it is no longer valid (with its
    /// toast), else the last step's outcome and, when it advances, the report.
    static func submitted<Form: StepForm>(
        _ form: Form, _ request: StepRequest, _ outcome: StepOutcome?, earlier: (outcome: StepOutcome, step: String),
        report: () -> JSONValue?
    ) -> StepAnswer {
        var answer = Self.answer(form, request, outcome, next: "submitted")
        if !earlier.outcome.advances {
            answer.outcome = earlier.outcome
            answer.toast = earlier.outcome.toast
            answer.next = nil
            answer.backTo = earlier.step
        } else if outcome?.advances == true {
            answer.report = report()
        }
        return answer
    }
}
