public import Observation

/// The Found-pet wizard (spec 004): Upload photo 1/3 → Pet details 2/3 → Contact
/// information 3/3 → submit, as an `@Observable` main-actor object a front end holds for the
/// whole wizard.
///
/// Step models are value types kept for the wizard's lifetime, so back and forward never
/// lose anything. Submit sends a ``FoundReportPayload`` (no caregiver phone, no address); a
/// failed send keeps everything and ``submitTapped()`` again retries; ``cancel()`` clears the
/// state (a new wizard is a fresh session, FR-004).
///
/// ```swift
/// let flow = FoundPetReportFlow(locationRequester: requester, submitter: api)
/// try flow.photoStep.attach(filename: "found.jpg", bytes: bytes)
/// flow.continueTapped()                          // → .petDetails
/// await flow.useCurrentLocation()                // fills the found location
/// …
/// await flow.submitTapped()                      // .submitted(id) or .failed(message)
/// ```
@MainActor
@Observable
public final class FoundPetReportFlow {
    /// The wizard's steps in order.
    public enum Step: Int, Sendable, Hashable, CaseIterable {
        /// *Upload photo*, 1/3.
        case uploadPhoto = 1
        /// *Pet details*, 2/3.
        case petDetails = 2
        /// *Contact information*, 3/3.
        case contactInfo = 3

        /// `"1/3"`, `"2/3"`, `"3/3"` (FR-002).
        public var progress: String { "\(rawValue)/3" }

        /// The screen title of FR-017: "Upload photo", "Pet details", "Contact info".
        public var screenTitle: String {
            switch self {
            case .uploadPhoto: PhotoStepCopy.foundFlow.screenTitle
            case .petDetails: FoundFlowCopy.PetDetails.screenTitle
            case .contactInfo: FoundFlowCopy.Contact.screenTitle
            }
        }
    }

    /// Where sending the report stands.
    public enum Submission: Sendable, Hashable {
        /// Not sent yet.
        case idle
        /// Sending; another Submit tap does nothing.
        case submitting
        /// Sent; the backend's identifier of the new announcement.
        case submitted(id: String)
        /// Sending failed; the message says so and Submit retries.
        case failed(message: String)
    }

    /// The values collected so far.
    public private(set) var state: ReportFoundPetFlowState
    /// The step on screen.
    public private(set) var step: Step = .uploadPhoto
    /// Where sending stands.
    public private(set) var submission: Submission = .idle
    /// Step 1's model.
    public var photoStep: PhotoStep
    /// Step 2's model.
    public var petDetailsStep: FoundPetDetailsStep
    /// Step 3's model.
    public var contactStep: ContactInfoStep

    @ObservationIgnored private let today: Today
    @ObservationIgnored private let locationRequester: any CurrentLocationRequesting
    @ObservationIgnored private let submitter: any FoundReportSubmitting
    @ObservationIgnored private var generation = 0

    /// A fresh wizard.
    ///
    /// - Parameters:
    ///   - locationRequester: What answers "Use current location".
    ///   - submitter: What sends the report.
    ///   - today: "Today" for the date field; the system clock by default.
    public init(
        locationRequester: any CurrentLocationRequesting, submitter: any FoundReportSubmitting,
        today: Today = .system()
    ) {
        self.locationRequester = locationRequester
        self.submitter = submitter
        self.today = today
        state = ReportFoundPetFlowState()
        photoStep = PhotoStep(copy: .foundFlow)
        petDetailsStep = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: today)
        contactStep = ContactInfoStep(state: ReportFoundPetFlowState())
    }

    /// Continue on *Upload photo* or *Pet details*: validates the step and, when valid,
    /// writes ``state`` and moves on. On *Contact information* use ``submitTapped()``.
    @discardableResult
    public func continueTapped() -> StepOutcome {
        switch step {
        case .uploadPhoto:
            let outcome = photoStep.continueTapped()
            if outcome.advances {
                state.photo = photoStep.photo
                step = .petDetails
            }
            return outcome
        case .petDetails:
            let outcome = petDetailsStep.continueTapped(writingTo: &state)
            if outcome.advances { step = .contactInfo }
            return outcome
        case .contactInfo:
            return contactStep.validate(writingTo: &state)
        }
    }

    /// The back arrow: the previous step, everything kept. `false` on the first step.
    @discardableResult
    public func back() -> Bool {
        guard let previous = Step(rawValue: step.rawValue - 1) else { return false }
        step = previous
        return true
    }

    /// "Use current location" on *Pet details*: the same path as the Missing flow's Request
    /// GPS position (one request at a time).
    public func useCurrentLocation() async {
        guard petDetailsStep.coordinates.beginLocationRequest() else { return }
        let started = generation
        let outcome = await locationRequester.requestCurrentLocation()
        guard started == generation else { return }
        petDetailsStep.coordinates.finishLocationRequest(outcome)
    }

    /// "Submit report": validates *Contact information*; when valid, sends the payload.
    ///
    /// - Returns: ``StepOutcome/advance`` when the report was sent (``submission`` is
    ///   `.submitted`); otherwise `.stay` with the toast to show — the validation toast, or the
    ///   send failure (``FoundFlowCopy/submissionFailed``), after which a new tap retries with
    ///   everything kept.
    @discardableResult
    public func submitTapped() async -> StepOutcome {
        guard step == .contactInfo else { return continueTapped() }
        if submission == .submitting { return .stay(Toast(FoundFlowCopy.submitting)) }
        if case .submitted = submission { return .advance }
        let validation = contactStep.validate(writingTo: &state)
        guard validation.advances else { return validation }
        guard let payload = FoundReportPayload(state: state), let photo = state.photo else {
            return .stay(.correctHighlightedFields)
        }
        submission = .submitting
        let started = generation
        do {
            let id = try await submitter.submit(payload, photo: photo)
            guard started == generation else { return .stay(Toast(FoundFlowCopy.submissionFailed)) }
            submission = .submitted(id: id)
            return .advance
        } catch {
            let message = (error as? FoundReportSubmissionFailure)?.message ?? FoundFlowCopy.submissionFailed
            guard started == generation else { return .stay(Toast(message)) }
            submission = .failed(message: message)
            return .stay(Toast(message))
        }
    }

    /// Leaves the wizard: clears every value; a new start is a fresh session (FR-004).
    public func cancel() {
        generation += 1
        state = ReportFoundPetFlowState()
        step = .uploadPhoto
        submission = .idle
        photoStep = PhotoStep(copy: .foundFlow)
        petDetailsStep = FoundPetDetailsStep(state: state, today: today)
        contactStep = ContactInfoStep(state: state)
    }
}
