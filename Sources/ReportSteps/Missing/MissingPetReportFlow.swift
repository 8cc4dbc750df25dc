public import Observation

/// The Missing-pet wizard's four steps (*Microchip number*, *Animal photo*, *Animal
/// description*, *Contact details*) around one ``ReportMissingPetFlowState``: an
/// `@Observable` main-actor object a front end holds for the whole flow.
///
/// The step models are value types kept here for the flow's lifetime, so going back and
/// forth never loses anything — not even text that is not valid yet. Continue writes a
/// step's valid values into ``state``; ``cancel()`` clears everything.
///
/// ```swift
/// let flow = MissingPetReportFlow(locationRequester: ReportLocationRequester(service: service))
/// flow.microchipStep.setMicrochip("123456789012345")
/// flow.continueTapped()                       // .advance → .animalPhoto (the number is optional)
/// try flow.photoStep.attach(filename: "luna.jpg", bytes: bytes)
/// flow.continueTapped()                       // .advance → .animalDescription
/// await flow.requestGPSPosition()             // fills Lat / Long, or raises the alert
/// flow.continueTapped()                       // .advance → .contactDetails
/// flow.contactStep.setEmail("owner@example.com")
/// flow.continueTapped()                       // .advance: isComplete, the state holds the report
/// ```
@MainActor
@Observable
public final class MissingPetReportFlow {
    /// The wizard's steps in order.
    public enum Step: Int, Sendable, Hashable, CaseIterable {
        /// *Microchip number*, 1/4 (optional).
        case microchip = 1
        /// *Animal photo*, 2/4.
        case animalPhoto = 2
        /// *Animal description*, 3/4.
        case animalDescription = 3
        /// *Contact details*, 4/4: a phone number or an email; Submit report ends the flow.
        case contactDetails = 4

        /// `"2/4"`.
        public var progress: String { "\(rawValue)/4" }

        /// The screen title (`"Microchip number"`).
        public var title: String {
            switch self {
            case .microchip: MissingStepsCopy.Microchip.title
            case .animalPhoto: PhotoStepCopy.missingFlow.screenTitle
            case .animalDescription: AnimalDescriptionCopy.title
            case .contactDetails: MissingStepsCopy.Contact.title
            }
        }
    }

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

    @ObservationIgnored private let today: Today
    @ObservationIgnored private let locationRequester: any CurrentLocationRequesting
    /// Bumped by ``cancel()`` so a location request started before it is ignored.
    @ObservationIgnored private var generation = 0

    /// A fresh flow.
    ///
    /// - Parameters:
    ///   - locationRequester: What answers Request GPS position.
    ///   - today: "Today" for the date field; the system clock by default.
    ///   - state: Values to start from (empty by default).
    public init(
        locationRequester: any CurrentLocationRequesting, today: Today = .system(),
        state: ReportMissingPetFlowState = ReportMissingPetFlowState()
    ) {
        self.locationRequester = locationRequester
        self.today = today
        self.state = state
        microchipStep = MicrochipStep(state: state)
        photoStep = PhotoStep(copy: .missingFlow, photo: state.photo)
        descriptionStep = AnimalDescriptionStep(state: state, today: today)
        contactStep = ContactDetailsStep(state: state)
    }

    /// Continue on the current step (Submit report on the last): validates it and, when
    /// valid, writes ``state`` and moves on — after the last step, sets ``isComplete``. The
    /// outcome's toast is what to show when it stays.
    @discardableResult
    public func continueTapped() -> StepOutcome {
        switch step {
        case .microchip:
            let outcome = microchipStep.continueTapped(writingTo: &state)
            if outcome.advances { step = .animalPhoto }
            return outcome
        case .animalPhoto:
            let outcome = photoStep.continueTapped()
            if outcome.advances {
                state.photo = photoStep.photo
                step = .animalDescription
            }
            return outcome
        case .animalDescription:
            let outcome = descriptionStep.continueTapped(writingTo: &state)
            if outcome.advances { step = .contactDetails }
            return outcome
        case .contactDetails:
            let outcome = contactStep.validate(writingTo: &state)
            if outcome.advances { isComplete = true }
            return outcome
        }
    }

    /// The back arrow: the previous step, with everything kept. `false` on the first step
    /// (the front end leaves the wizard).
    @discardableResult
    public func back() -> Bool {
        guard let previous = Step(rawValue: step.rawValue - 1) else { return false }
        step = previous
        return true
    }

    /// Request GPS position on *Animal description*: runs one request unless one is already
    /// in flight, then fills the fields, raises the alert or sets the helper text.
    public func requestGPSPosition() async {
        guard descriptionStep.coordinates.beginLocationRequest() else { return }
        let started = generation
        let outcome = await locationRequester.requestCurrentLocation()
        guard started == generation else { return }
        descriptionStep.coordinates.finishLocationRequest(outcome)
    }

    /// Leaves the flow: clears every value and starts again at step 1.
    public func cancel() {
        generation += 1
        state = ReportMissingPetFlowState()
        step = .microchip
        isComplete = false
        microchipStep = MicrochipStep(state: state)
        photoStep = PhotoStep(copy: .missingFlow)
        descriptionStep = AnimalDescriptionStep(state: state, today: today)
        contactStep = ContactDetailsStep(state: state)
    }
}
