import Geodata
public import Location
import OutsideInput

/// What playing a scenario gave: the transcript, what the consumer received, and the
/// expectations checked against it.
public struct ScenarioRun: Sendable {
    /// How one `requestLocation` ended.
    public struct RequestResult: Sendable, Hashable {
        /// The outcome's name, as expectations write it.
        public var outcome: ScenarioExpectation.RequestOutcome
        /// The fix, when it ended with one.
        public var fix: LocationFix?
        /// The error, when it failed.
        public var error: LocationError?
        /// When it ended (virtual time).
        public var time: Duration
    }

    /// The scenario played.
    public var scenario: Scenario
    /// Every entry, in order.
    public var transcript: [TranscriptEntry]
    /// Each `requestLocation`, in order.
    public var requests: [RequestResult]
    /// Every fix the consumer received (from requests and watches), in order.
    public var fixes: [LocationFix]
    /// Every update the consumer's `watch` actions received (fixes and states), in order.
    public var updates: [LocationUpdate]
    /// How many times the permission prompt appeared.
    public var promptCount: Int
    /// The authorization when the scenario ended.
    public var finalAuthorization: LocationAuthorization
    /// The virtual time the scenario lasted.
    public var duration: Duration
    /// `false` when the consumer was still waiting when nothing more could happen (or at the
    /// 24 h limit) and was stopped.
    public var consumerFinished: Bool
    /// The expectations, checked.
    public var checks: [ExpectationResult]

    /// `true` when every expectation passed.
    public var passed: Bool { checks.allSatisfy(\.passed) }

    /// The transcript as text: a heading, one line per entry, then ``summaryText``.
    ///
    /// Deterministic: the same scenario gives the same bytes on every run. Terminal-safe:
    /// the title, name and file name come from the scenario file (`String.terminalSafe`).
    public var text: String {
        let lines = [heading] + transcript.map(\.line)
        return lines.joined(separator: "\n") + "\n" + summaryText
    }

    /// `"Scenario NAME: TITLE"`, terminal-safe.
    public var heading: String { "Scenario \(scenario.name): \(scenario.title)".terminalSafe }

    /// The checked expectations, one per line, and a closing line with the virtual time
    /// played. Terminal-safe.
    public var summaryText: String {
        var lines: [String] = []
        if !checks.isEmpty {
            lines.append("Expectations:")
            lines += checks.map { "  \($0.passed ? "✓" : "✗") \($0.message.terminalSafe)" }
        }
        let seconds = TranscriptEntry.fixedMilliseconds(duration.milliseconds)
        let failures = checks.filter { !$0.passed }.count
        let summary = failures == 0 ? "all \(checks.count) passed" : "\(failures) of \(checks.count) failed"
        lines.append("Played \(seconds) s of virtual time; expectations: \(summary).")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One expectation, checked.
public struct ExpectationResult: Sendable, Hashable {
    /// The expectation.
    public var expectation: ScenarioExpectation
    /// Whether it held.
    public var passed: Bool
    /// What was found, as text (`"denied"`, `"52.23180"`).
    public var actual: String
    /// `"default.yaml:22:5: the last request ends with fix"`, plus `"; it was denied"` when
    /// it failed.
    public var message: String

    /// A checked expectation.
    public init(expectation: ScenarioExpectation, passed: Bool, actual: String, file: String) {
        self.expectation = expectation
        self.passed = passed
        self.actual = actual
        let location = expectation.position.map { "\(file):\($0.line):\($0.column): " } ?? "\(file): "
        message = location + expectation.description + (passed ? "" : "; found \(actual)")
    }
}

/// Checks a `step:` expectation (a report step's reaction) against a run; provided by the
/// report-step layer, which knows the steps. Return `nil` to leave it unchecked.
public typealias StepExpectationEvaluator = @Sendable (StepExpectation, ScenarioRun) -> (passed: Bool, actual: String)?

extension ScenarioRun {
    /// Checks every expectation of the scenario against this run.
    func checked(stepEvaluator: StepExpectationEvaluator?) -> [ExpectationResult] {
        scenario.expectations.map { expectation in
            let (passed, actual) = evaluate(expectation, stepEvaluator: stepEvaluator)
            return ExpectationResult(expectation: expectation, passed: passed, actual: actual, file: scenario.file)
        }
    }

    private func evaluate(
        _ expectation: ScenarioExpectation, stepEvaluator: StepExpectationEvaluator?
    ) -> (Bool, String) {
        switch expectation.kind {
        case .authorization(let status):
            return (finalAuthorization.status == status, finalAuthorization.status.rawValue)
        case .request(let outcome, let number):
            let request = number.map { requests.indices.contains($0 - 1) ? requests[$0 - 1] : nil } ?? requests.last
            guard let request else {
                return (false, number.map { "no request #\($0) (\(requests.count) made)" } ?? "no request made")
            }
            return (request.outcome == outcome, request.outcome.rawValue)
        case .latitude(let text):
            let actual = fixes.last?.coordinate.latitude.formatted
            return (actual == text, actual ?? "no fix")
        case .longitude(let text):
            let actual = fixes.last?.coordinate.longitude.formatted
            return (actual == text, actual ?? "no fix")
        case .fixes(let count):
            return (fixes.count == count, String(fixes.count))
        case .prompted(let shown):
            return ((promptCount > 0) == shown, promptCount > 0 ? "shown \(promptCount)×" : "not shown")
        case .simulated(let simulated):
            let matching = fixes.allSatisfy { $0.isSimulated == simulated }
            return (
                matching && !fixes.isEmpty,
                fixes.isEmpty ? "no fix" : "\(fixes.filter(\.isSimulated).count) of \(fixes.count) simulated"
            )
        case .step(let step):
            guard let stepEvaluator, let (passed, actual) = stepEvaluator(step, self) else {
                return (false, "not checked: step expectations need the report-step layer, not wired into this build")
            }
            return (passed, actual)
        }
    }
}

extension ScenarioExpectation.RequestOutcome {
    /// The outcome a ``LocationError`` stands for.
    init(_ error: LocationError) {
        switch error {
        case .notDetermined: self = .notDetermined
        case .denied: self = .denied
        case .restricted: self = .restricted
        case .noFix: self = error.heardNothing ? .timedOut : .noFix
        case .providerUnavailable: self = .unavailable
        case .cancelled: self = .cancelled
        }
    }
}
