public import Observation

/// The Missing-pet wizard for a front end that lives with it — the terminal's, an app's: an
/// `@Observable` main-actor wrapper around ``MissingReportMachine`` that carries out its
/// effects (the location request). Every rule and transition is the machine's; this class
/// only holds it and waits for the location source.
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
@dynamicMemberLookup
public final class MissingPetReportFlow {
    /// The wizard's steps in order.
    public typealias Step = MissingReportMachine.Step

    /// The flow as a value: what the wizard shows and has collected.
    public private(set) var machine: MissingReportMachine

    @ObservationIgnored private let locationRequester: any CurrentLocationRequesting

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
        machine = MissingReportMachine(today: today, state: state)
    }

    /// The machine's values and step models — ``MissingReportMachine/state``, `step`,
    /// `isComplete`, `descriptionStep`, `draft`… — read, and the step models edited, through the
    /// flow: `flow.descriptionStep.setRace("Beagle")`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<MissingReportMachine, Value>) -> Value {
        get { machine[keyPath: keyPath] }
        set { machine[keyPath: keyPath] = newValue }
    }

    /// The machine's read-only values: ``MissingReportMachine/state``, `step`, `draft`…
    public subscript<Value>(dynamicMember keyPath: KeyPath<MissingReportMachine, Value>) -> Value {
        machine[keyPath: keyPath]
    }

    /// Continue on the current step (Submit report on the last): validates it and, when
    /// valid, writes ``state`` and moves on — after the last step, sets ``isComplete``. The
    /// outcome's toast is what to show when it stays.
    @discardableResult
    public func continueTapped() -> StepOutcome { machine.send(.continueTapped).outcome }

    /// Continue's check of `step` without moving: its fields get their messages
    /// (``MissingReportMachine/check(_:)``).
    @discardableResult
    public func check(_ step: Step) -> StepOutcome { machine.check(step) }

    /// The back arrow: the previous step, with everything kept. `false` on the first step
    /// (the front end leaves the wizard).
    @discardableResult
    public func back() -> Bool { !machine.send(.back).contains(.leave) }

    /// Request GPS position on *Animal description*: runs one request unless one is already
    /// in flight, then fills the fields, raises the alert or sets the helper text.
    public func requestGPSPosition() async {
        for case .requestLocation(let request) in machine.send(.requestLocation) {
            let outcome = await locationRequester.requestCurrentLocation()
            machine.send(.locationFinished(outcome, request: request))
        }
    }

    /// Leaves the flow: clears every value and starts again at step 1.
    public func cancel() { machine.send(.cancel) }

    /// Starts again from `draft` (``MissingReportMachine/restore(_:photoBytes:)``).
    public func restore(_ draft: ReportDraft, photoBytes: [UInt8]?) { machine.restore(draft, photoBytes: photoBytes) }
}
