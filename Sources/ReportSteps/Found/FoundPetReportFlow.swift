public import Observation

/// The Found-pet wizard (spec 004) for a front end that lives with it: an `@Observable`
/// main-actor wrapper around ``FoundReportMachine`` that carries out its effects — the
/// location request, and sending the report through a ``FoundReportSubmitting``. Every rule
/// and transition is the machine's.
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
@dynamicMemberLookup
public final class FoundPetReportFlow {
    /// The wizard's steps in order.
    public typealias Step = FoundReportMachine.Step
    /// Where sending the report stands.
    public typealias Submission = FoundReportMachine.Submission

    /// The flow as a value: what the wizard shows and has collected.
    public private(set) var machine: FoundReportMachine

    @ObservationIgnored private let locationRequester: any CurrentLocationRequesting
    @ObservationIgnored private let submitter: any FoundReportSubmitting

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
        machine = FoundReportMachine(today: today)
    }

    /// The machine's values and step models — ``FoundReportMachine/state``, `step`,
    /// `submission`, `petDetailsStep`, `draft`… — read, and the step models edited, through
    /// the flow: `flow.petDetailsStep.setBreed("Beagle")`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<FoundReportMachine, Value>) -> Value {
        get { machine[keyPath: keyPath] }
        set { machine[keyPath: keyPath] = newValue }
    }

    /// The machine's read-only values: ``FoundReportMachine/state``, `step`, `submission`…
    public subscript<Value>(dynamicMember keyPath: KeyPath<FoundReportMachine, Value>) -> Value {
        machine[keyPath: keyPath]
    }

    /// Continue on *Upload photo* or *Pet details*: validates the step and, when valid,
    /// writes ``state`` and moves on. On *Contact information* use ``submitTapped()``.
    @discardableResult
    public func continueTapped() -> StepOutcome { machine.send(.continueTapped).outcome }

    /// Continue's check of `step` without moving (``FoundReportMachine/check(_:)``).
    @discardableResult
    public func check(_ step: Step) -> StepOutcome { machine.check(step) }

    /// The back arrow: the previous step, everything kept. `false` on the first step.
    @discardableResult
    public func back() -> Bool { !machine.send(.back).contains(.leave) }

    /// "Use current location" on *Pet details*: the same path as the Missing flow's Request
    /// GPS position (one request at a time).
    public func useCurrentLocation() async {
        for case .requestLocation(let request) in machine.send(.requestLocation) {
            let outcome = await locationRequester.requestCurrentLocation()
            machine.send(.locationFinished(outcome, request: request))
        }
    }

    /// "Submit report": validates *Contact information*; when valid, sends the payload.
    ///
    /// - Returns: ``StepOutcome/advance`` when the report was sent (``submission`` is
    ///   `.submitted`); otherwise `.stay` with the toast to show — the validation toast, or the
    ///   send failure (``FoundFlowCopy/submissionFailed``), after which a new tap retries with
    ///   everything kept.
    @discardableResult
    public func submitTapped() async -> StepOutcome {
        let effects = machine.send(.submitTapped)
        for case .submit(let payload, let photo, let request) in effects {
            do {
                let id = try await submitter.submit(payload, photo: photo)
                return machine.send(.sent(id: id, request: request)).outcome
            } catch {
                let message = (error as? FoundReportSubmissionFailure)?.message
                return machine.send(.sendFailed(message: message, request: request)).outcome
            }
        }
        return effects.outcome
    }

    /// Leaves the wizard: clears every value; a new start is a fresh session (FR-004).
    public func cancel() { machine.send(.cancel) }

    /// Starts again from `draft` (``FoundReportMachine/restore(_:photoBytes:)``).
    public func restore(_ draft: ReportDraft, photoBytes: [UInt8]?) { machine.restore(draft, photoBytes: photoBytes) }
}
