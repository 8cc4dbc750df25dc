/// What the Missing and Found machines (``MissingReportMachine``, ``FoundReportMachine``)
/// have in common, so that one wrapper (``ReportFlow``) and one terminal wizard drive either:
/// the step on screen, the photo step, the draft, and the reducer's ``send(_:)``.
public protocol ReportMachine: Sendable {
    /// The flow's steps in order.
    associatedtype Step: ReportFlowStep
    /// What a front end does.
    associatedtype Action: ReportMachineAction
    /// What the front end has to do after an action.
    associatedtype Effect: ReportMachineEffect

    /// The step on screen.
    var step: Step { get }
    /// The photo step's model.
    var photoStep: PhotoStep { get set }
    /// What the person has entered so far, to save (see ``ReportDraft``).
    var draft: ReportDraft { get }

    /// Runs `action`.
    ///
    /// - Returns: what the front end has to do, in order (often nothing).
    @discardableResult
    mutating func send(_ action: Action) -> [Effect]

    /// Continue's check of `step` without moving or writing anything: its fields get their
    /// inline messages. For a report given whole (an answers file), whose every step is
    /// checked even when an earlier one fails.
    mutating func check(_ step: Step) -> StepOutcome

    /// Starts again from `draft`: the photo (when `photoBytes` are given and still accepted),
    /// every field's text, and the step it was on — as far as the steps before it pass
    /// Continue. Nothing else is validated.
    mutating func restore(_ draft: ReportDraft, photoBytes: [UInt8]?)
}

/// The actions both flows have: Continue, the back arrow, Cancel, and the location request
/// and its outcome (each machine's `Action` enum has these cases, and more).
public protocol ReportMachineAction: Sendable, Hashable {
    /// Continue on the current step.
    static var continueTapped: Self { get }
    /// The back arrow.
    static var back: Self { get }
    /// Cancel: every value cleared, back to step 1; what was under way is ignored.
    static var cancel: Self { get }
    /// The location request of the step with a location.
    static var requestLocation: Self { get }
    /// How location request `request` (``ReportMachineEffect/locationRequest``) ended.
    static func locationFinished(_ outcome: LocationRequestOutcome, request: Int) -> Self
    /// The outcome and the request of ``locationFinished(_:request:)``; `nil` for another action.
    var locationOutcome: (outcome: LocationRequestOutcome, request: Int)? { get }
}

/// The effects both flows have (each machine's `Effect` enum has these cases, and more).
public protocol ReportMachineEffect: Sendable, Hashable {
    /// The step stays: show the toast.
    static func stay(_ toast: Toast) -> Self
    /// Ask the location source once, then send ``ReportMachineAction/locationFinished(_:request:)``.
    static func requestLocation(request: Int) -> Self
    /// The back arrow on the first step: leave the wizard.
    static var leave: Self { get }
    /// The toast of ``stay(_:)``; `nil` for another effect.
    var toast: Toast? { get }
    /// The request of ``requestLocation(request:)``; `nil` for another effect.
    var locationRequest: Int? { get }
}

extension ReportMachineEffect {
    /// `true` for ``leave``.
    public var leaves: Bool { self == .leave }
}

extension Array where Element: ReportMachineEffect {
    /// What the action did: the toast when the step stayed, else ``StepOutcome/advance``.
    public var outcome: StepOutcome {
        for effect in self { if let toast = effect.toast { return .stay(toast) } }
        return .advance
    }
}

/// What the machines share inside: their checks, the cursor, the step with a location; the
/// shared parts below run them.
protocol FlowMachine: ReportMachine {
    /// "Today" for the date fields.
    var today: Today { get }
    /// The step on screen, and what outdates a request when Cancel starts again.
    var cursor: FlowCursor<Step> { get set }
    /// The latitude/longitude block of the step with a location.
    var locationFields: CoordinateFields { get set }
    /// A fresh machine.
    init(today: Today)
    /// Continue's check of `step`; `writing` puts its valid values into the machine's state.
    mutating func check(_ step: Step, writing: Bool) -> StepOutcome
}

extension FlowMachine {
    /// Continue's check of the step on screen, writing its values: the effects when it
    /// stays, `nil` when it passed.
    mutating func checkStep() -> [Effect]? {
        let outcome = check(step, writing: true)
        return outcome.advances ? nil : (outcome.toast.map { [.stay($0)] } ?? [])
    }

    /// The back arrow, Cancel, the location request and how it ended, which both flows answer
    /// the same way; any other action does nothing here.
    mutating func navigate(_ action: Action) -> [Effect] {
        if action == .back { return cursor.back() ? [] : [.leave] }
        if action == .cancel {
            let cursor = cursor.restarted()
            self = Self(today: today)
            self.cursor = cursor
        } else if action == .requestLocation {
            return cursor.beginLocationRequest(in: &locationFields).map { [.requestLocation(request: $0)] } ?? []
        } else if let (outcome, request) = action.locationOutcome, cursor.isCurrent(request) {
            locationFields.finishLocationRequest(outcome)
        }
        return []
    }

    /// Continue on every step with fields at once (``MissingReportMachine/checkFields()``).
    mutating func checkEveryFieldStep() -> Bool {
        Step.allCases.filter { !$0.isPhoto }.map { check($0, writing: true).advances }.allSatisfy { $0 }
    }

    /// ``ReportMachine/restore(_:photoBytes:)`` for a machine whose field steps
    /// `restoreFields` fills from the draft's texts.
    mutating func resume(
        from draft: ReportDraft, photoBytes: [UInt8]?, restoreFields: (inout Self, [String: String]) -> Void
    ) {
        _ = send(.cancel)
        if let filename = draft.photoFilename, let photoBytes {
            try? photoStep.attach(filename: filename, bytes: photoBytes)
        }
        restoreFields(&self, draft.fields)
        while let next = step.next, draft.step >= next.rawValue {
            guard send(.continueTapped).isEmpty else { break }
        }
    }
}
