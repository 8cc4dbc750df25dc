public import Location
import Locking
import OutsideInput

/// One line of a scenario's transcript: when (virtual time), who, what, and the service's
/// state right after.
public struct TranscriptEntry: Sendable, Hashable {
    /// Who did it.
    public enum Actor: String, Sendable, Hashable, CaseIterable {
        /// The consumer (the app): its calls, and what it received.
        case app
        /// The permission prompt.
        case prompt
        /// The person: answers, and changes in settings.
        case person
        /// The simulated receiver (the timeline).
        case receiver
        /// The scenario runner itself (start, end).
        case scenario
    }

    /// Virtual time since the start of the scenario.
    public var time: Duration
    /// Who.
    public var actor: Actor
    /// What happened, or what the app received (`"← fix 52.22970, 21.01220 ±5 m"`).
    public var event: String
    /// The authorization when the entry was written.
    public var authorization: String
    /// Whether the service's provider was running.
    public var providerRunning: Bool
    /// The fix the event is about (a fix the receiver reported, or one the app received),
    /// so that a client reads its coordinate without parsing ``event``.
    public var fix: LocationFix?
    /// The event's outcome as a machine name, when it has one: `"fix"`, a request's failure
    /// (`"denied"`, `"noFix"`, …), an update's state (`"waitingForFix"`, …), or the
    /// authorization the app received (`"authorizedWhenInUse"`).
    public var status: String?

    /// An entry.
    public init(
        time: Duration, actor: Actor, event: String, authorization: String, providerRunning: Bool,
        fix: LocationFix? = nil, status: String? = nil
    ) {
        self.time = time
        self.actor = actor
        self.event = event
        self.authorization = authorization
        self.providerRunning = providerRunning
        self.fix = fix
        self.status = status
    }

    /// `"+2.5 s"`-style time with three decimals: `"   +2.500"`.
    public var timeText: String {
        let text = "+" + Self.fixedMilliseconds(time.milliseconds)
        return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }

    /// One aligned line: time, actor, event, then the service state. The event may quote
    /// outside text (a scenario's name, an app's note), so it is terminal-safe.
    ///
    /// ```
    ///    +2.000  person    grant → authorizedWhenInUse                   │ authorizedWhenInUse · provider stopped
    /// ```
    public var line: String {
        let who = actor.rawValue + String(repeating: " ", count: max(0, 9 - actor.rawValue.count))
        let event = event.terminalSafe
        let padded = event.count < 56 ? event + String(repeating: " ", count: 56 - event.count) : event
        return "\(timeText)  \(who) \(padded) │ \(authorization) · provider \(providerRunning ? "running" : "stopped")"
    }

    /// Seconds with exactly three decimals: `"2.500"`.
    static func fixedMilliseconds(_ milliseconds: Int64) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Collects transcript entries in order, with the service state for each.
///
/// An entry's place in the transcript is taken in the same critical section as the action
/// it describes (a receiver report, a change of permission), so that whatever reacts to
/// the action is written after it, however the tasks are scheduled.
final class TranscriptRecorder: Sendable {
    private let entries = Locked<[TranscriptEntry]>([])
    private let now: @Sendable () -> Duration
    private let authorization: @Sendable () -> String
    private let providerRunning: @Sendable () async -> Bool
    private let onEntry: (@Sendable (TranscriptEntry) -> Void)?
    /// Told after each entry (a scenario's ``ScenarioActivity``).
    private let changed: (@Sendable () -> Void)?

    init(
        now: @escaping @Sendable () -> Duration, authorization: @escaping @Sendable () -> String,
        providerRunning: @escaping @Sendable () async -> Bool, onEntry: (@Sendable (TranscriptEntry) -> Void)?,
        changed: (@Sendable () -> Void)? = nil
    ) {
        self.now = now
        self.authorization = authorization
        self.providerRunning = providerRunning
        self.onEntry = onEntry
        self.changed = changed
    }

    var count: Int { entries.withLock { $0.count } }

    var all: [TranscriptEntry] { entries.withLock { $0 } }

    /// Reads whether the provider runs, then, in one critical section, performs `action`
    /// and appends the entry with the authorization as it is after the action.
    func record(
        _ actor: TranscriptEntry.Actor, _ event: String, fix: LocationFix? = nil, status: String? = nil,
        performing action: () -> Void = {}
    ) async {
        let running = await providerRunning()
        let entry = entries.withLock { entries in
            action()
            let entry = TranscriptEntry(
                time: now(), actor: actor, event: event, authorization: authorization(), providerRunning: running,
                fix: fix, status: status)
            entries.append(entry)
            return entry
        }
        changed?()
        onEntry?(entry)
    }
}
