public import Foundation
public import Location

/// A scripted permission and fix scenario, ready to play: where authorization starts, how
/// the person answers the prompt, the receiver's timeline on a virtual clock (tracks
/// already read), what the consumer does, and what must be true at the end.
///
/// Load one with ``ScenarioLibrary``:
///
/// ```swift
/// let scenario = try ScenarioLibrary.load("default")           // bundled
/// let custom = try ScenarioLibrary.load("QA/denied.yaml")      // a file
/// scenario.timeline.first?.event.description                   // "fix 52.22970, 21.01220 ±5 m"
/// ```
///
/// The file format is described in `Docs/Scenarios.md`.
public struct Scenario: Sendable, Hashable {
    /// The name: the file name without its extension (`"default"`).
    public var name: String
    /// The file as named when loaded (`"default.yaml"` for a bundled one, else the path).
    public var file: String
    /// A one-line title.
    public var title: String
    /// A longer description, if the file has one.
    public var summary: String?
    /// The authorization when the scenario starts.
    public var authorization: LocationAuthorization
    /// How the person answers the permission prompt, if it is shown.
    public var prompt: ScenarioPrompt?
    /// The receiver's time at the start of the scenario (for fix times and NMEA export).
    public var start: Date
    /// The events, in time order; events at the same time keep file order.
    public var timeline: [ScenarioTimedEvent]
    /// What the consumer does, in order.
    public var consumer: [ConsumerAction]
    /// What must be true at the end.
    public var expectations: [ScenarioExpectation]

    /// The receiver time used when a file gives no `start`: 2026-01-01T12:00:00Z.
    public static let defaultStart = Date(timeIntervalSince1970: 1_767_268_800)

    /// What the consumer does when a file says nothing: ask for permission, then request
    /// one location with a 30 s timeout.
    public static let defaultConsumer: [ConsumerAction] = [
        .requestAuthorization, .requestLocation(ConsumerAction.LocationRequest()),
    ]

    /// A scenario with these parts.
    public init(
        name: String, file: String, title: String, summary: String? = nil, authorization: LocationAuthorization,
        prompt: ScenarioPrompt? = nil, start: Date = Scenario.defaultStart, timeline: [ScenarioTimedEvent],
        consumer: [ConsumerAction] = Scenario.defaultConsumer, expectations: [ScenarioExpectation] = []
    ) {
        self.name = name
        self.file = file
        self.title = title
        self.summary = summary
        self.authorization = authorization
        self.prompt = prompt
        self.start = start
        self.timeline = timeline
        self.consumer = consumer
        self.expectations = expectations
    }

    /// The time of the last timeline event (zero for an empty timeline).
    public var timelineEnd: Duration { timeline.last?.time ?? .zero }

    /// The fixes of the timeline with their times, in order.
    public var fixes: [(time: Duration, fix: ScenarioFix)] {
        timeline.compactMap { event in
            if case .fix(let fix) = event.event { return (event.time, fix) }
            return nil
        }
    }
}
