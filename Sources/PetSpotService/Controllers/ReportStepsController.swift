import Foundation
import Hummingbird
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// The step API the report pages ask: `POST /v1/report-steps/{flow}/{step}` (an edit or
/// Continue; Submit report on the last step) and `POST /v1/report-steps/{flow}/{step}/location`
/// (Request GPS position / Use current location). Every rule and message is the ReportSteps
/// models': the request is replayed through the flow's machine (``StepReplay``) and the answer
/// is what the model shows (``StepAnswer``). The server keeps no draft.
///
/// Submit report replays the whole flow through its machine — each earlier step's values,
/// the photo, Continue on each step, then Submit report — and, when the machine completes,
/// keeps the report and its photo in one go (``ReportKeeper``) and answers with the stored
/// report's id and the URL of its card. A step that is no longer valid is answered as
/// `backTo` that step, with its toast.
struct ReportStepsController {
    let location: LocationSource
    let today: Today
    /// Where Submit report keeps the report and its photo; `nil` (no store): the report is
    /// shown, not stored.
    let keeper: ReportKeeper?
    /// Mails a new report's owner link to its email (a server that sends mail).
    var manageMail: ManageMail? = nil

    typealias Missing = MissingReportMachine
    typealias Found = FoundReportMachine

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/report-steps/{flow}/{step}") { request, context -> Response in
            let (flow, step) = Self.names(context)
            let submitting = Self.isSubmit(flow: flow, step: step)
            // Submit report's Idempotency-Key: one report however often it is sent (the draft's key).
            let key = submitting ? try ReportIdempotency.key(request) : nil
            let body = try await Self.body(request, submitting: submitting)
            return .json(try await answer(flow: flow, step: step, body: body, locating: false, idempotencyKey: key))
        }
        router.post("/v1/report-steps/{flow}/{step}/location") { request, context -> Response in
            let (flow, step) = Self.names(context)
            let body = try await Self.body(request, submitting: false)
            return .json(try await answer(flow: flow, step: step, body: body, locating: true))
        }
    }

    static func names(_ context: ServiceRequestContext) -> (String, String) {
        (context.parameters.get("flow") ?? "", context.parameters.get("step") ?? "")
    }

    /// `true` for the flows' last steps, whose Continue is Submit report (with the photo).
    static func isSubmit(flow: String, step: String) -> Bool {
        (flow, step) == ("missing", Missing.Step.contactDetails.name)
            || (flow, step) == ("found", Found.Step.contactInfo.name)
    }

    static func body(_ request: Request, submitting: Bool) async throws -> Data {
        _ = try Query(request, allowed: [])
        try RequestBody.requireJSON(request)
        let limit = submitting ? ServiceLimits.maximumSubmitBytes : ServiceLimits.maximumBodyBytes
        return try await RequestBody.collect(request, limit: limit, what: "The request body")
    }

    /// The answer for one request to a step with fields.
    func answer(
        flow: String, step name: String, body: Data, locating: Bool, idempotencyKey: String? = nil
    ) async throws -> JSONValue {
        switch flow {
        case "missing":
            switch Missing.Step(name: name) {
            case .microchip?:
                let replay = StepReplay(
                    machine: Missing(today: today), form: \.microchipStep, check: { $0.check(.microchip) },
                    coordinates: nil)
                return try await run(replay, Names(Missing.Step.microchip), body, locating: locating)
            case .animalDescription?:
                let replay = StepReplay(
                    machine: Missing(today: today), form: \.descriptionStep,
                    check: { $0.check(.animalDescription) }, coordinates: \.coordinates)
                return try await run(replay, Names(Missing.Step.animalDescription), body, locating: locating)
            case .contactDetails?:
                guard !locating else { throw Self.noLocation(flow: flow, step: name) }
                return try await submitMissing(body, idempotencyKey: idempotencyKey).json
            case .animalPhoto?, nil:
                throw Self.noStep(
                    flow: flow, step: name, steps: Missing.Step.allCases.filter { !$0.isPhoto }.map(\.name))
            }
        case "found":
            switch Found.Step(name: name) {
            case .petDetails?:
                let replay = StepReplay(
                    machine: Found(today: today), form: \.petDetailsStep, check: { $0.check(.petDetails) },
                    coordinates: \.coordinates)
                return try await run(replay, Names(Found.Step.petDetails), body, locating: locating)
            case .contactInfo?:
                guard !locating else { throw Self.noLocation(flow: flow, step: name) }
                return try await submitFound(body, idempotencyKey: idempotencyKey).json
            case .uploadPhoto?, nil:
                throw Self.noStep(flow: flow, step: name, steps: Found.Step.allCases.filter { !$0.isPhoto }.map(\.name))
            }
        default:
            throw Problem(
                .notFound, detail: "No report flow '\(StepRequest.shown(flow))'; the flows are missing and found.")
        }
    }

    /// A step's names in the API: its flow, its name, its progress chip and the next step's
    /// name (after the last, the page's report: ``PageConfiguration/previewStep``).
    struct Names {
        let flow: String
        let step: String
        let progress: String
        let next: String

        init(_ step: Missing.Step) { self.init(flow: "missing", step) }

        init(_ step: Found.Step) { self.init(flow: "found", step) }

        private init<Step: ReportFlowStep>(flow: String, _ step: Step) {
            self.flow = flow
            self.step = step.name
            progress = step.progress
            next = step.next?.name ?? PageConfiguration.previewStep
        }
    }

    /// An edit, Continue, or the location button on a step that does not submit.
    func run<Machine: Sendable, Form: FieldForm>(
        _ replay: StepReplay<Machine, Form>, _ names: Names, _ body: Data, locating: Bool
    )
        async throws -> JSONValue
    {
        var replay = replay
        let request = try StepRequest(body, fields: StepReplay<Machine, Form>.fields)
        guard locating else { return try replayed(replay, names, request).json }
        guard let coordinates = replay.coordinates else { throw Self.noLocation(flow: names.flow, step: names.step) }
        try replay.replayEdits(request)
        let outcome: LocationRequestOutcome
        if let browser = request.browser {
            outcome = browser.outcome
        } else {
            outcome = await PageLocationRequest.serverOutcome(location)
        }
        let fields = replay.form.appending(path: coordinates)
        _ = replay.machine[keyPath: fields].beginLocationRequest()
        replay.machine[keyPath: fields].finishLocationRequest(outcome)
        return answer(replay, names, request, outcome: nil, location: outcome).json
    }

    /// An edit or Continue replayed on its step: what the step shows after it.
    func replayed<Machine: Sendable, Form: FieldForm>(
        _ replay: StepReplay<Machine, Form>, _ names: Names, _ request: StepRequest
    ) throws(Problem) -> StepAnswer {
        var replay = replay
        let outcome = try replay.replay(request)
        return answer(replay, names, request, outcome: outcome, location: request.location)
    }

    /// What the step shows after `request`.
    func answer<Machine: Sendable, Form: FieldForm>(
        _ replay: StepReplay<Machine, Form>, _ names: Names, _ request: StepRequest, outcome: StepOutcome?,
        location: LocationRequestOutcome?
    ) -> StepAnswer {
        StepAnswer(
            flow: names.flow, step: names.step, progress: names.progress, form: replay.model,
            coordinates: replay.coordinates.map { replay.model[keyPath: $0] }, outcome: outcome,
            checked: outcome == nil ? request.checked : replay.values, location: location, next: names.next)
    }

    static func noLocation(flow: String, step: String) -> Problem {
        Problem(.notFound, detail: "The \(flow) flow's \(StepRequest.shown(step)) step has no location fields.")
    }

    static func noStep(flow: String, step: String, steps: [String]) -> Problem {
        Problem(
            .notFound,
            detail:
                "The \(flow) flow has no step '\(StepRequest.shown(step))' here; its steps with fields are \(steps.joined(separator: ", ")). Photos go to POST /v1/report-photos/\(flow)."
        )
    }
}
