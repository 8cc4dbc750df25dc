/// The Missing-pet wizard as a value: its four step models — *Microchip number* (1/4),
/// *Animal photo* (2/4), *Animal description* (3/4), *Contact details* (4/4) — the step on
/// screen, and what the steps' Continue has collected (``state``).
///
/// A reducer: ``send(_:)`` takes one action, changes the value and returns what a front end
/// has to do about it (``Effect``: show a toast, ask for a position, the report is
/// complete). Nothing here waits or does I/O, so the flow is tested action by action; the
/// terminal's ``MissingPetReportFlow`` carries the effects out, and the server replays a
/// page's steps through it. Edits go to the step models themselves (``descriptionStep``
/// and the others: their setters, or ``FieldForm/enter(_:in:as:)`` by field name).
///
/// ```swift
/// var report = MissingReportMachine(today: .fixed(day))
/// report.send(.continueTapped)                         // []: 1/4 is optional → .animalPhoto
/// try report.photoStep.attach(filename: "luna.png", bytes: bytes)
/// report.send(.continueTapped)                         // [] → .animalDescription
/// report.send(.requestLocation)                        // [.requestLocation(request: 0)]
/// report.send(.locationFinished(.located(warsaw), request: 0))
/// report.send(.continueTapped)                         // [.stay(toast)]: species, race, gender
/// ```
public struct MissingReportMachine: Sendable {
    /// The wizard's steps in order.
    public enum Step: Int, ReportFlowStep {
        /// *Microchip number*, 1/4 (optional).
        case microchip = 1
        /// *Animal photo*, 2/4.
        case animalPhoto = 2
        /// *Animal description*, 3/4.
        case animalDescription = 3
        /// *Contact details*, 4/4: a phone number or an email; Submit report ends the flow.
        case contactDetails = 4

        /// The screen title (`"Microchip number"`).
        public var title: String {
            switch self {
            case .microchip: MissingStepsCopy.Microchip.title
            case .animalPhoto: PhotoStepCopy.missingFlow.screenTitle
            case .animalDescription: AnimalDescriptionCopy.title
            case .contactDetails: MissingStepsCopy.Contact.title
            }
        }

        /// `true` for *Animal photo*, the step with a photo instead of fields.
        public var isPhoto: Bool { self == .animalPhoto }
    }

    /// What a front end does.
    public enum Action: Sendable, Hashable {
        /// Continue on the current step (Submit report on the last).
        case continueTapped
        /// The back arrow.
        case back
        /// Cancel: every value cleared, back to step 1; a location request under way is ignored.
        case cancel
        /// Request GPS position on *Animal description*.
        case requestLocation
        /// How location request `request` (``Effect/requestLocation(request:)``) ended.
        case locationFinished(LocationRequestOutcome, request: Int)
    }

    /// What the front end has to do after an action.
    public enum Effect: Sendable, Hashable {
        /// The step stays: show the toast (its fields carry their messages).
        case stay(Toast)
        /// Ask the location source once, then send ``Action/locationFinished(_:request:)``.
        case requestLocation(request: Int)
        /// The back arrow on the first step: leave the wizard.
        case leave
        /// Submit report passed: ``state`` holds the whole report.
        case complete
    }

    /// "Today" for the date field.
    public let today: Today
    /// The values collected so far.
    public private(set) var state: ReportMissingPetFlowState
    /// The step on screen.
    public private(set) var step: Step = .microchip
    /// `true` once *Contact details* passed Submit report: ``state`` holds the whole report.
    public private(set) var isComplete = false
    /// Step 1's model.
    public var microchipStep: MicrochipStep
    /// Step 2's model.
    public var photoStep: PhotoStep
    /// Step 3's model.
    public var descriptionStep: AnimalDescriptionStep
    /// Step 4's model.
    public var contactStep: ContactDetailsStep
    /// Bumped by ``Action/cancel``, so that a location request started before it is ignored.
    private var generation = 0

    /// A fresh wizard showing `state`'s values (empty by default).
    public init(today: Today = .system(), state: ReportMissingPetFlowState = ReportMissingPetFlowState()) {
        self.today = today
        self.state = state
        microchipStep = MicrochipStep(state: state)
        photoStep = PhotoStep(copy: .missingFlow, photo: state.photo)
        descriptionStep = AnimalDescriptionStep(state: state, today: today)
        contactStep = ContactDetailsStep(state: state)
    }

    /// Runs `action`.
    ///
    /// - Returns: what the front end has to do, in order (often nothing).
    @discardableResult
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .continueTapped:
            let outcome = check(step, writing: true)
            guard outcome.advances else { return outcome.toast.map { [.stay($0)] } ?? [] }
            guard let next = step.next else {
                isComplete = true
                return [.complete]
            }
            step = next
            return []
        case .back:
            guard let previous = step.previous else { return [.leave] }
            step = previous
            return []
        case .cancel:
            let generation = generation + 1
            self = MissingReportMachine(today: today)
            self.generation = generation
            return []
        case .requestLocation:
            guard descriptionStep.coordinates.beginLocationRequest() else { return [] }
            return [.requestLocation(request: generation)]
        case .locationFinished(let outcome, let request):
            guard request == generation else { return [] }
            descriptionStep.coordinates.finishLocationRequest(outcome)
            return []
        }
    }

    /// Continue's check of `step` without moving or writing anything: its fields get their
    /// inline messages. For a report given whole (an answers file), whose every step is
    /// checked even when an earlier one fails.
    @discardableResult
    public mutating func check(_ step: Step) -> StepOutcome { check(step, writing: false) }

    /// Continue on every step with fields at once, for a report given whole without its photo
    /// (a posted report names its photo by URL): each step checks its fields and writes its
    /// valid values into ``state``, and every step's messages are set, even after one that
    /// fails. The step on screen does not change.
    ///
    /// - Returns: `true` when every step passed: ``state`` then holds the report.
    @discardableResult
    public mutating func checkFields() -> Bool {
        [Step.microchip, .animalDescription, .contactDetails].map { check($0, writing: true).advances }.allSatisfy {
            $0
        }
    }

    private mutating func check(_ step: Step, writing: Bool) -> StepOutcome {
        var values = state
        let outcome: StepOutcome
        switch step {
        case .microchip: outcome = microchipStep.continueTapped(writingTo: &values)
        case .animalPhoto:
            outcome = photoStep.continueTapped()
            if outcome.advances { values.photo = photoStep.photo }
        case .animalDescription: outcome = descriptionStep.continueTapped(writingTo: &values)
        case .contactDetails: outcome = contactStep.continueTapped(writingTo: &values)
        }
        if writing { state = values }
        return outcome
    }
}

extension [MissingReportMachine.Effect] {
    /// What Continue did: the toast when the step stayed, else ``StepOutcome/advance``.
    public var outcome: StepOutcome {
        for case .stay(let toast) in self { return .stay(toast) }
        return .advance
    }
}
