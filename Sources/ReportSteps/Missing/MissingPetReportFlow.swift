public import Observation

/// The Missing-pet wizard's steps 2 and 3 (*Animal photo*, *Animal description*) around one
/// ``ReportMissingPetFlowState``: an `@Observable` main-actor object a front end holds for
/// the whole flow.
///
/// The step models are value types kept here for the flow's lifetime, so going back and
/// forth never loses anything — not even text that is not valid yet. Continue writes a
/// step's valid values into ``state``; ``cancel()`` clears everything.
///
/// ```swift
/// let flow = MissingPetReportFlow(locationRequester: ReportLocationRequester(service: service))
/// try flow.photoStep.attach(filename: "luna.jpg", bytes: bytes)
/// flow.continueTapped()                       // .advance → .animalDescription
/// await flow.requestGPSPosition()             // fills Lat / Long, or raises the alert
/// ```
@MainActor
@Observable
public final class MissingPetReportFlow {
    /// The wizard's steps in order (step 1, the microchip, is not modelled here).
    public enum Step: Int, Sendable, Hashable, CaseIterable {
        /// *Animal photo*, 2/4.
        case animalPhoto = 2
        /// *Animal description*, 3/4.
        case animalDescription = 3
        /// *Contact details*, 4/4: reached when step 3 is valid (not modelled here).
        case contactDetails = 4

        /// `"2/4"`.
        public var progress: String { "\(rawValue)/4" }
    }

    /// The values collected so far.
    public private(set) var state: ReportMissingPetFlowState
    /// The step on screen.
    public private(set) var step: Step = .animalPhoto
    /// Step 2's model.
    public var photoStep: PhotoStep
    /// Step 3's model.
    public var descriptionStep: AnimalDescriptionStep

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
        photoStep = PhotoStep(copy: .missingFlow, photo: state.photo)
        descriptionStep = AnimalDescriptionStep(state: state, today: today)
    }

    /// Continue on the current step: validates it and, when valid, writes ``state`` and
    /// moves on. The outcome's toast is what to show when it stays.
    @discardableResult
    public func continueTapped() -> StepOutcome {
        switch step {
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
            return .advance
        }
    }

    /// The back arrow: the previous step, with everything kept. `false` on the first step
    /// (the front end leaves the wizard's part modelled here).
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

    /// Leaves the flow: clears every value and starts again at step 2.
    public func cancel() {
        generation += 1
        state = ReportMissingPetFlowState()
        step = .animalPhoto
        photoStep = PhotoStep(copy: .missingFlow)
        descriptionStep = AnimalDescriptionStep(state: state, today: today)
    }
}
