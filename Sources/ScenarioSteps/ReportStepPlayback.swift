import Geodata
import Locking
import ReportLocation
public import ReportSteps
public import Scenarios

/// Plays scenarios through the report steps, so that a scenario file can say what a person
/// sees on a step — `step:` expectations — and `petspot scenario check` can hold it to that.
///
/// ```yaml
/// expect:
///   - step: {name: animalDescription, shows: permissionAlert}
///   - step: {name: petDetails, latitudeField: "52.22970", longitudeField: "21.01220"}
/// ```
///
/// The step is the real model (``MissingPetReportFlow`` for `animalDescription`,
/// ``FoundPetReportFlow`` for `petDetails`): the scenario is played once more with the step
/// as the app, which presses "Request GPS position" / "Use current location" with the
/// scenario's first `requestLocation` settings, through ``ReportLocationRequester`` against the
/// scenario's `LocationService`. The step's fields after the press are what the
/// expectations are checked against. The file's own `consumer:` run, and every other kind of
/// expectation, are untouched.
///
/// Keys of a `step:` expectation:
/// - `name`: `animalDescription` (default) or `petDetails`;
/// - `shows`: `permissionAlert` or `noAlert`;
/// - `latitudeField`, `longitudeField`: the field's text after the press (`""` for empty);
/// - `helperText`: the text under the fields, e.g. `Location captured successfully`.
public enum ReportStepPlayback {
    /// The steps a `step:` expectation can name.
    public enum Step: String, Sendable, CaseIterable {
        /// Missing flow, *Animal description* (3/4): "Request GPS position".
        case animalDescription
        /// Found flow, *Pet details* (2/3): "Use current location".
        case petDetails
    }

    /// The keys a `step:` expectation may use.
    public static let keys = ["name", "shows", "latitudeField", "longitudeField", "helperText"]

    /// An evaluator for `scenario`'s `step:` expectations, or `nil` when it has none. Plays the
    /// scenario once per step named (at most twice), with that step as the app.
    public static func evaluator(for scenario: Scenario) async -> StepExpectationEvaluator? {
        let named = Set(
            scenario.expectations.compactMap(\.step).map { Step(rawValue: $0["name"] ?? "animalDescription") })
        guard !named.isEmpty else { return nil }
        var observed: [Step: CoordinateFields] = [:]
        for step in Step.allCases where named.contains(step) {
            observed[step] = await press(step, in: scenario)
        }
        let fields = observed
        return { expectation, _ in evaluate(expectation, observed: fields) }
    }

    /// Plays `scenario` with `step` as the app, presses its location button once, and returns
    /// the step's latitude/longitude block afterwards.
    public static func press(_ step: Step, in scenario: Scenario) async -> CoordinateFields {
        let request = scenario.consumer.lazy.compactMap(\.locationRequest).first ?? ConsumerAction.LocationRequest()
        let result = Locked<CoordinateFields?>(nil)
        _ = await ScenarioRunner(scenario: scenario).run(app: { app in
            let requester = ReportLocationRequester(
                service: app.service, timeout: request.timeout.duration, desiredAccuracy: request.accuracy)
            let fields = await pressLocationButton(step, requester: requester)
            await app.note(
                "\(step.rawValue): latitude \"\(fields.latitudeText)\", longitude \"\(fields.longitudeText)\"")
            result.withLock { $0 = fields }
        })
        return result.withLock { $0 } ?? CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
    }

    @MainActor
    private static func pressLocationButton(_ step: Step, requester: ReportLocationRequester) async -> CoordinateFields
    {
        switch step {
        case .animalDescription:
            let flow = MissingPetReportFlow(locationRequester: requester)
            await flow.requestGPSPosition()
            return flow.descriptionStep.coordinates
        case .petDetails:
            let flow = FoundPetReportFlow(locationRequester: requester, submitter: NoSubmission())
            await flow.useCurrentLocation()
            return flow.petDetailsStep.coordinates
        }
    }

    static func evaluate(
        _ expectation: StepExpectation, observed: [Step: CoordinateFields]
    ) -> (passed: Bool, actual: String) {
        let name = expectation["name"] ?? "animalDescription"
        guard let step = Step(rawValue: name), let fields = observed[step] else {
            return (false, "unknown step \"\(name)\" (known: \(Step.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var failures: [String] = []
        var seen: [String] = []
        for field in expectation.fields where field.key != "name" {
            let actual: String
            switch field.key {
            case "shows":
                actual = fields.alert == nil ? "noAlert" : "permissionAlert"
            case "latitudeField":
                actual = fields.latitudeText
            case "longitudeField":
                actual = fields.longitudeText
            case "helperText":
                actual = fields.helperText
            default:
                failures.append("unknown key \"\(field.key)\" (known: \(keys.joined(separator: ", ")))")
                continue
            }
            let shown = "\(field.key): \"\(actual)\""
            seen.append(shown)
            if actual != field.value { failures.append(shown) }
        }
        return failures.isEmpty ? (true, seen.joined(separator: ", ")) : (false, failures.joined(separator: ", "))
    }
}

/// The Found flow's submitter for playback: the step is never submitted.
private struct NoSubmission: FoundReportSubmitting {
    struct NotSubmitted: Error {}
    func submit(_ payload: FoundReportPayload, photo: PhotoAttachment) async throws -> String { throw NotSubmitted() }
}

extension ScenarioExpectation {
    /// The step expectation, when this is one.
    var step: StepExpectation? {
        if case .step(let step) = kind { return step }
        return nil
    }
}

extension ConsumerAction {
    /// The location request, when this action is one.
    var locationRequest: LocationRequest? {
        if case .requestLocation(let request) = self { return request }
        return nil
    }
}
