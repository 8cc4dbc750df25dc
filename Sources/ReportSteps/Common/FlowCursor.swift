/// What a flow machine's value keeps besides its steps' models: the step on screen, and the
/// count that outdates what was under way (a location request, a send) when Cancel starts
/// the flow again.
struct FlowCursor<Step: ReportFlowStep>: Sendable {
    /// The step on screen.
    private(set) var step: Step
    /// The first step, where Cancel goes back to.
    private let first: Step
    /// Bumped by ``restarted()``: a request made before it is ignored when it ends.
    private(set) var generation = 0

    /// A cursor on `first`.
    init(_ first: Step) {
        self.first = first
        step = first
    }

    /// The next step; `false` (no change) on the last.
    mutating func advance() -> Bool {
        guard let next = step.next else { return false }
        step = next
        return true
    }

    /// The back arrow: the previous step; `false` (no change) on the first.
    mutating func back() -> Bool {
        guard let previous = step.previous else { return false }
        step = previous
        return true
    }

    /// Cancel's cursor: the first step, with every request made so far outdated.
    func restarted() -> FlowCursor {
        var cursor = FlowCursor(first)
        cursor.generation = generation + 1
        return cursor
    }

    /// Request a location in `fields`: the request's number, or `nil` when one is already
    /// under way.
    func beginLocationRequest(in fields: inout CoordinateFields) -> Int? {
        fields.beginLocationRequest() ? generation : nil
    }

    /// `true` when `request` was made since the last Cancel.
    func isCurrent(_ request: Int) -> Bool { request == generation }
}
