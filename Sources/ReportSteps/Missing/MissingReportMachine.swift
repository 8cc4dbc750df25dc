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
public struct MissingReportMachine: ReportMachine, FlowMachine {
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

        /// The screen's top (its title: `"Microchip number"`).
        public var intro: StepIntro {
            switch self {
            case .microchip: MissingStepsCopy.Microchip.intro
            case .animalPhoto: PhotoStepCopy.missingFlow.intro
            case .animalDescription: AnimalDescriptionCopy.intro
            case .contactDetails: MissingStepsCopy.Contact.intro
            }
        }

        /// `true` for *Animal photo*, the step with a photo instead of fields.
        public var isPhoto: Bool { self == .animalPhoto }
    }

    /// What a front end does.
    public enum Action: ReportMachineAction {
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

        /// The outcome and the request of ``locationFinished(_:request:)``.
        public var locationOutcome: (outcome: LocationRequestOutcome, request: Int)? {
            if case .locationFinished(let outcome, let request) = self { (outcome, request) } else { nil }
        }
    }

    /// What the front end has to do after an action.
    public enum Effect: ReportMachineEffect {
        /// The step stays: show the toast (its fields carry their messages).
        case stay(Toast)
        /// Ask the location source once, then send ``Action/locationFinished(_:request:)``.
        case requestLocation(request: Int)
        /// The back arrow on the first step: leave the wizard.
        case leave
        /// Submit report passed: ``state`` holds the whole report.
        case complete

        /// The toast of ``stay(_:)``.
        public var toast: Toast? { if case .stay(let toast) = self { toast } else { nil } }
        /// The request of ``requestLocation(request:)``.
        public var locationRequest: Int? { if case .requestLocation(let request) = self { request } else { nil } }
    }

    /// "Today" for the date field.
    public let today: Today
    /// The values collected so far.
    public private(set) var state: ReportMissingPetFlowState
    /// The step on screen.
    public var step: Step { cursor.step }
    /// `true` once *Contact details* passed Submit report: ``state`` holds the whole report.
    public private(set) var isComplete = false
    /// The latitude/longitude block of *Animal description*.
    var locationFields: CoordinateFields {
        get { descriptionStep.coordinates }
        set { descriptionStep.coordinates = newValue }
    }

    /// Step 1's model.
    public var microchipStep: MicrochipStep
    /// Step 2's model.
    public var photoStep: PhotoStep
    /// Step 3's model.
    public var descriptionStep: AnimalDescriptionStep
    /// Step 4's model.
    public var contactStep: ContactDetailsStep
    /// The step on screen, and what outdates a location request when Cancel starts again.
    var cursor = FlowCursor(Step.microchip)

    /// A fresh wizard showing `state`'s values (empty by default).
    public init(today: Today = .system(), state: ReportMissingPetFlowState = ReportMissingPetFlowState()) {
        self.today = today
        self.state = state
        microchipStep = MicrochipStep(state: state)
        photoStep = PhotoStep(copy: .missingFlow, photo: state.photo)
        descriptionStep = AnimalDescriptionStep(state: state, today: today)
        contactStep = ContactDetailsStep(state: state)
    }

    /// A fresh wizard (``FlowMachine``'s Cancel starts one).
    init(today: Today) { self.init(today: today, state: ReportMissingPetFlowState()) }

    /// Runs `action`.
    ///
    /// - Returns: what the front end has to do, in order (often nothing).
    @discardableResult
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .continueTapped:
            if let stayed = checkStep() { return stayed }
            guard cursor.advance() else {
                isComplete = true
                return [.complete]
            }
            return []
        case .back, .cancel, .requestLocation, .locationFinished: return navigate(action)
        }
    }

    /// Continue's check of `step` without moving or writing anything
    /// (``ReportMachine/check(_:)``).
    @discardableResult
    public mutating func check(_ step: Step) -> StepOutcome { check(step, writing: false) }

    /// Continue on every step with fields at once, for a report given whole without its photo
    /// (a posted report names its photo by URL): each step checks its fields and writes its
    /// valid values into ``state``, and every step's messages are set, even after one that
    /// fails. The step on screen does not change.
    ///
    /// - Returns: `true` when every step passed: ``state`` then holds the report.
    @discardableResult
    public mutating func checkFields() -> Bool { checkEveryFieldStep() }

    mutating func check(_ step: Step, writing: Bool) -> StepOutcome {
        var values = state
        let outcome =
            switch step {
            case .microchip: microchipStep.continueTapped(writingTo: &values)
            case .animalPhoto: photoStep.continueTapped(writingTo: &values.photo)
            case .animalDescription: descriptionStep.continueTapped(writingTo: &values)
            case .contactDetails: contactStep.continueTapped(writingTo: &values)
            }
        if writing { state = values }
        return outcome
    }
}
