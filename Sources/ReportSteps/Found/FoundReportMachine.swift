/// The Found-pet wizard (spec 004) as a value: *Upload photo* 1/3, *Pet details* 2/3,
/// *Contact information* 3/3, what their Continue collected (``state``) and where sending
/// the report stands (``submission``).
///
/// A reducer, like ``MissingReportMachine``: ``send(_:)`` changes the value and returns what
/// the front end has to do — ask for a position, send the report (``Effect/submit(_:photo:request:)``:
/// a ``FoundReportPayload``, the caregiver phone and the address included), show a
/// toast; the outcome of the send comes back as an action. No I/O, no waiting.
///
/// ```swift
/// var report = FoundReportMachine(today: .fixed(day))
/// try report.photoStep.attach(filename: "found.jpg", bytes: bytes)
/// report.send(.continueTapped)                            // [] → .petDetails
/// …
/// report.send(.submitTapped)                              // [.submit(payload, photo: photo, request: 0)]
/// report.send(.sent(id: "r-1", request: 0))               // submission == .submitted(id: "r-1")
/// ```
public struct FoundReportMachine: ReportMachine, FlowMachine {
    /// The wizard's steps in order.
    public enum Step: Int, ReportFlowStep {
        /// *Upload photo*, 1/3.
        case uploadPhoto = 1
        /// *Pet details*, 2/3.
        case petDetails = 2
        /// *Contact information*, 3/3.
        case contactInfo = 3

        /// The screen's top; its title is FR-017's: "Upload photo", "Pet details", "Contact info".
        public var intro: StepIntro {
            switch self {
            case .uploadPhoto: PhotoStepCopy.foundFlow.intro
            case .petDetails: FoundFlowCopy.PetDetails.intro
            case .contactInfo: FoundFlowCopy.Contact.intro
            }
        }

        /// `true` for *Upload photo*, the step with a photo instead of fields.
        public var isPhoto: Bool { self == .uploadPhoto }
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

    /// What a front end does, and what comes back from the effects it carried out.
    public enum Action: ReportMachineAction {
        /// Continue on *Upload photo* or *Pet details*; on *Contact information* the check of
        /// Submit report without sending.
        case continueTapped
        /// Submit report on *Contact information* (Continue on the other steps).
        case submitTapped
        /// The back arrow.
        case back
        /// Cancel: every value cleared; a new start is a fresh session (FR-004).
        case cancel
        /// "Use current location" on *Pet details*.
        case requestLocation
        /// How location request `request` ended.
        case locationFinished(LocationRequestOutcome, request: Int)
        /// Send `request` worked: the backend's identifier of the new announcement.
        case sent(id: String, request: Int)
        /// Send `request` failed: the message to show (a ``FoundReportSubmissionFailure``'s),
        /// or `nil` for the generic ``FoundFlowCopy/submissionFailed``.
        case sendFailed(message: String?, request: Int)

        /// The outcome and the request of ``locationFinished(_:request:)``.
        public var locationOutcome: (outcome: LocationRequestOutcome, request: Int)? {
            if case .locationFinished(let outcome, let request) = self { (outcome, request) } else { nil }
        }
    }

    /// What the front end has to do after an action.
    public enum Effect: ReportMachineEffect {
        /// The step stays: show the toast.
        case stay(Toast)
        /// Ask the location source once, then send ``Action/locationFinished(_:request:)``.
        case requestLocation(request: Int)
        /// Send the report; then send ``Action/sent(id:request:)`` or
        /// ``Action/sendFailed(message:request:)``.
        case submit(FoundReportPayload, photo: PhotoAttachment, request: Int)
        /// The back arrow on the first step: leave the wizard.
        case leave

        /// The toast of ``stay(_:)``.
        public var toast: Toast? { if case .stay(let toast) = self { toast } else { nil } }
        /// The request of ``requestLocation(request:)``.
        public var locationRequest: Int? { if case .requestLocation(let request) = self { request } else { nil } }
    }

    /// "Today" for the date field.
    public let today: Today
    /// The values collected so far.
    public private(set) var state = ReportFoundPetFlowState()
    /// The step on screen.
    public var step: Step { cursor.step }
    /// Where sending stands.
    public private(set) var submission: Submission = .idle
    /// The latitude/longitude block of *Pet details*.
    var locationFields: CoordinateFields {
        get { petDetailsStep.coordinates }
        set { petDetailsStep.coordinates = newValue }
    }

    /// Step 1's model.
    public var photoStep = PhotoStep(copy: .foundFlow)
    /// Step 2's model.
    public var petDetailsStep: FoundPetDetailsStep
    /// Step 3's model.
    public var contactStep = ContactInfoStep(state: ReportFoundPetFlowState())
    /// The step on screen, and what outdates a location request or a send when Cancel
    /// starts again.
    var cursor = FlowCursor(Step.uploadPhoto)

    /// A fresh wizard.
    public init(today: Today = .system()) {
        self.today = today
        petDetailsStep = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: today)
    }

    /// Runs `action`.
    ///
    /// - Returns: what the front end has to do, in order (often nothing).
    @discardableResult
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .continueTapped:
            if let stayed = checkStep() { return stayed }
            _ = cursor.advance()
            return []
        case .submitTapped: return submit()
        case .back, .cancel, .requestLocation, .locationFinished: return navigate(action)
        case .sent(let id, let request):
            // Sent after a Cancel: the wizard that asked is gone.
            guard cursor.isCurrent(request) else { return [.stay(Toast(FoundFlowCopy.submissionFailed))] }
            submission = .submitted(id: id)
            return []
        case .sendFailed(let message, let request):
            let toast = Toast(message ?? FoundFlowCopy.submissionFailed)
            if cursor.isCurrent(request) { submission = .failed(message: toast.message) }
            return [.stay(toast)]
        }
    }

    /// Submit report: validates *Contact information*; when valid, the payload to send.
    private mutating func submit() -> [Effect] {
        guard step == .contactInfo else { return send(.continueTapped) }
        switch submission {
        case .submitting: return [.stay(Toast(FoundFlowCopy.submitting))]
        case .submitted: return []
        case .idle, .failed: break
        }
        let validation = check(.contactInfo, writing: true)
        if let toast = validation.toast { return [.stay(toast)] }
        guard let payload = FoundReportPayload(state: state), let photo = state.photo else {
            return [.stay(.correctHighlightedFields)]
        }
        submission = .submitting
        return [.submit(payload, photo: photo, request: cursor.generation)]
    }

    /// Continue's check of `step` without moving or writing anything
    /// (``ReportMachine/check(_:)``).
    @discardableResult
    public mutating func check(_ step: Step) -> StepOutcome { check(step, writing: false) }

    /// Continue on every step with fields at once (``MissingReportMachine/checkFields()``).
    @discardableResult
    public mutating func checkFields() -> Bool { checkEveryFieldStep() }

    mutating func check(_ step: Step, writing: Bool) -> StepOutcome {
        var values = state
        let outcome =
            switch step {
            case .uploadPhoto: photoStep.continueTapped(writingTo: &values.photo)
            case .petDetails: petDetailsStep.continueTapped(writingTo: &values)
            case .contactInfo: contactStep.continueTapped(writingTo: &values)
            }
        if writing { state = values }
        return outcome
    }
}
