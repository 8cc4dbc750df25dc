import Location
import OutsideInput
import ReportSteps
import ReportStore

/// Applies a ``ReportAnswers`` file to a flow, step by step, as a person would on the
/// terminal, and collects every field that is not valid. An answers file names the fields as
/// every front end does (the report's fields, ``ReportField``: `lastSeenDate`, `species`,
/// `breed`, `gender`, …), and each value goes through its field's codec as a whole entry
/// (``FieldForm/fill(_:)``), so the rules and messages are the step API's and a posted
/// report's too.
@MainActor
enum AnsweredReport {
    typealias Problem = FieldProblem

    /// The answers file's keys that are not fields: the photo's path, and the location button.
    enum Key: String, Sendable {
        /// The photo file's path, relative to the answers file.
        case photo
        /// `true` presses Request GPS position / Use current location.
        case useCurrentLocation
    }

    nonisolated static func names<Form: FieldForm>(_: Form.Type) -> [String] { Form.names }

    nonisolated static let missingFields =
        names(MicrochipStep.self) + [Key.photo.rawValue] + names(AnimalDescriptionStep.self)
        + [Key.useCurrentLocation.rawValue] + names(ContactDetailsStep.self)

    nonisolated static let foundFields =
        [Key.photo.rawValue] + names(FoundPetDetailsStep.self) + [Key.useCurrentLocation.rawValue]
        + names(ContactInfoStep.self)

    /// The refusals of a ``FieldForm/fill(_:)``, as problems.
    static func problems(_ refused: [(field: ReportField, error: FieldTextError)]) -> [Problem] {
        refused.map { Problem(field: $0.field.rawValue, message: $0.error.description) }
    }

    // MARK: Shared fields

    static func attachPhoto(_ answers: ReportAnswers, to step: inout PhotoStep) -> [Problem] {
        guard let path = answers[Key.photo.rawValue] else { return [] }
        do {
            let file = try PhotoFile.read(path, relativeTo: answers.directory)
            do {
                try step.attach(filename: file.filename, bytes: file.bytes)
            } catch {
                return [Problem(field: Key.photo.rawValue, message: error.description)]
            }
        } catch {
            return [Problem(field: Key.photo.rawValue, message: error.description)]
        }
        return []
    }

    /// Continue on the photo step: its toast as the photo's problem, unless the file was refused.
    static func photoContinued(_ outcome: StepOutcome, after problems: [Problem]) -> [Problem] {
        guard case .stay(let toast) = outcome, !problems.contains(where: { $0.field == Key.photo.rawValue }) else {
            return []
        }
        return [Problem(field: Key.photo.rawValue, message: toast.message)]
    }

    static func locationProblems(_ fields: CoordinateFields) -> [Problem] {
        let field = Key.useCurrentLocation.rawValue
        if let alert = fields.alert {
            return [Problem(field: field, message: "\(alert.title): \(blockedAdvice(alert))")]
        }
        if case .failed(let failure) = fields.requestStatus {
            return [Problem(field: field, message: failure.helperText)]
        }
        return []
    }

    /// What to do about a blocked location request on this computer: a denial is lifted with
    /// `petspot permission grant`; a restriction says what restricts it and how to lift it
    /// (a grant cannot).
    static func blockedAdvice(_ alert: LocationPermissionAlert) -> String {
        switch alert.block {
        case .denied:
            return "\(alert.message) On this computer: `petspot permission grant`."
        case .restricted:
            let cause =
                RestrictionPolicy.system.explanation()
                ?? "Location use is restricted by the scenario that answers location requests in this run."
            return cause + " Until then, give latitude and longitude instead."
        }
    }

    /// The location action pressed by an answers file, and how it went. A failure (no fix,
    /// permission off, gpsd away) is a problem when the file gave no coordinates of its own;
    /// when it typed both, they are kept (a failed GPS request never loses what was typed,
    /// spec 000 FR-014) and the failure is a warning on standard error.
    static func pressLocation(
        _ answers: ReportAnswers, coordinates: [String], press: () async -> CoordinateFields
    ) async -> [Problem] {
        guard ReportAnswers.isYes(answers[Key.useCurrentLocation.rawValue]) else { return [] }
        let typed = coordinates.allSatisfy { answers[$0] != nil }
        let after = await press()
        let problems = locationProblems(after)
        guard typed, let problem = problems.first else { return problems }
        Terminal.interface.line(
            "petspot: useCurrentLocation: \(problem.message) The latitude and longitude in the file were kept."
                .terminalSafe)
        return []
    }

    /// Fills a step (`form`, the flow's `step`) from `answers`; presses its location button
    /// when the file asks (`location`: its coordinates and their fields); then Continue where
    /// the flow stands on it, or its check where it is (after an earlier step that stayed).
    ///
    /// - Returns: the refused texts, what the location button left, then the step's messages.
    static func fill<Machine: ReportMachine, Form: FieldForm>(
        _ answers: ReportAnswers, into flow: ReportFlow<Machine>, form: WritableKeyPath<Machine, Form>,
        on step: Machine.Step,
        location: (coordinates: KeyPath<Machine, CoordinateFields>, fields: [ReportField])? = nil
    ) async -> [Problem] {
        let refused = flow[dynamicMember: form].fill { answers[$0.rawValue] }
        var problems = Self.problems(refused)
        if let location {
            problems += await pressLocation(answers, coordinates: location.fields.map(\.rawValue)) {
                await flow.requestLocation()
                return flow[dynamicMember: location.coordinates]
            }
        }
        if flow.step == step { flow.continueTapped() } else { flow.check(step) }
        return problems + flow[dynamicMember: form].problems(besides: refused)
    }

    // MARK: Missing

    /// Fills the Missing flow from `answers` and presses Continue on every step (Submit report
    /// on the last); a step after one that stays is checked where it is.
    ///
    /// - Returns: every problem, in the order of the steps; empty when the flow is complete.
    static func missing(_ answers: ReportAnswers, flow: MissingPetReportFlow) async -> [Problem] {
        var problems = answers.unknownKeys(known: missingFields)
        problems += Self.problems(flow.microchipStep.fill { answers[$0.rawValue] })
        flow.continueTapped()  // the microchip is optional: Continue always advances
        problems += attachPhoto(answers, to: &flow.photoStep)
        problems += photoContinued(flow.continueTapped(), after: problems)
        problems += await fill(
            answers, into: flow, form: \.descriptionStep, on: .animalDescription,
            location: (\.descriptionStep.coordinates, [.locationLatitude, .locationLongitude]))
        return problems + (await fill(answers, into: flow, form: \.contactStep, on: .contactDetails))
    }

    // MARK: Found

    /// Fills the Found flow from `answers`, presses Continue on the first two steps and, when
    /// everything is valid, Submit report (which writes the payload).
    ///
    /// - Returns: every problem; empty when the report was submitted.
    static func found(_ answers: ReportAnswers, flow: FoundPetReportFlow, writer: PayloadWriter) async -> [Problem] {
        var problems = answers.unknownKeys(known: foundFields)
        problems += attachPhoto(answers, to: &flow.photoStep)
        problems += photoContinued(flow.continueTapped(), after: problems)
        problems += await fill(
            answers, into: flow, form: \.petDetailsStep, on: .petDetails,
            location: (\.petDetailsStep.coordinates, [.locationLatitude, .locationLongitude]))
        let contact = flow.contactStep.fill { answers[$0.rawValue] }
        problems += Self.problems(contact)
        flow.check(.contactInfo)
        problems += flow.contactStep.problems(besides: contact)
        guard problems.isEmpty, flow.step == .contactInfo else { return problems }
        if case .stay(let toast) = await flow.submitTapped() {
            problems.append(Problem(field: "output", message: writer.failure ?? toast.message))
        }
        return problems
    }
}
