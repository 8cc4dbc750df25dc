public import Observation

/// A report wizard for a front end that lives with it — the terminal's, an app's: an
/// `@Observable` main-actor wrapper around a machine (``MissingReportMachine``,
/// ``FoundReportMachine``) that carries out its effects — the location request, and for the
/// Found flow the send. Every rule and transition is the machine's; this class only holds it
/// and waits. ``MissingPetReportFlow`` and ``FoundPetReportFlow`` are its two flows.
@MainActor
@Observable
@dynamicMemberLookup
public final class ReportFlow<Machine: ReportMachine> {
    /// The wizard's steps in order.
    public typealias Step = Machine.Step

    /// The flow as a value: what the wizard shows and has collected.
    public private(set) var machine: Machine

    @ObservationIgnored private let locationRequester: any CurrentLocationRequesting
    /// Carries out the effects other than a location request (the Found flow's send): the
    /// action its outcome sends back, or `nil` for an effect it does not carry out.
    @ObservationIgnored private let carryOut: @MainActor (Machine.Effect) async -> Machine.Action?

    /// A flow over `machine`.
    init(
        machine: Machine, locationRequester: any CurrentLocationRequesting,
        carryOut: @escaping @MainActor (Machine.Effect) async -> Machine.Action? = { _ in nil }
    ) {
        self.machine = machine
        self.locationRequester = locationRequester
        self.carryOut = carryOut
    }

    /// The machine's values and step models — `state`, `step`, `descriptionStep`, `draft`… —
    /// read, and the step models edited, through the flow: `flow.descriptionStep.setBreed("Beagle")`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Machine, Value>) -> Value {
        get { machine[keyPath: keyPath] }
        set { machine[keyPath: keyPath] = newValue }
    }

    /// The machine's read-only values: `state`, `step`, `isComplete`, `submission`, `draft`…
    public subscript<Value>(dynamicMember keyPath: KeyPath<Machine, Value>) -> Value {
        machine[keyPath: keyPath]
    }

    /// Continue on the current step: validates it and, when valid, writes the state and moves
    /// on. The outcome's toast is what to show when it stays.
    @discardableResult
    public func continueTapped() -> StepOutcome { machine.send(.continueTapped).outcome }

    /// Continue's check of `step` without moving (``ReportMachine/check(_:)``).
    @discardableResult
    public func check(_ step: Step) -> StepOutcome { machine.check(step) }

    /// The back arrow: the previous step, with everything kept. `false` on the first step
    /// (the front end leaves the wizard).
    @discardableResult
    public func back() -> Bool { !machine.send(.back).contains(where: \.leaves) }

    /// The location request of the step with a location (Request GPS position, Use current
    /// location): runs one request unless one is already in flight, then fills the fields,
    /// raises the alert or sets the helper text.
    public func requestLocation() async { await run(.requestLocation) }

    /// Leaves the flow: clears every value and starts again at step 1.
    public func cancel() { machine.send(.cancel) }

    /// Starts again from `draft` (``ReportMachine/restore(_:photoBytes:)``).
    public func restore(_ draft: ReportDraft, photoBytes: [UInt8]?) { machine.restore(draft, photoBytes: photoBytes) }

    /// Sends `action` and carries out its effects: a location request runs once (unless one
    /// is under way) and fills the fields, raises the alert or sets the helper text; another
    /// effect goes to `carryOut`.
    ///
    /// - Returns: the effects left for the front end, a carried-out effect replaced by those
    ///   of the action its outcome sent.
    @discardableResult
    func run(_ action: Machine.Action) async -> [Machine.Effect] {
        var left: [Machine.Effect] = []
        for effect in machine.send(action) {
            if let request = effect.locationRequest {
                let outcome = await locationRequester.requestCurrentLocation()
                left += machine.send(.locationFinished(outcome, request: request))
            } else if let next = await carryOut(effect) {
                left += machine.send(next)
            } else {
                left.append(effect)
            }
        }
        return left
    }
}
