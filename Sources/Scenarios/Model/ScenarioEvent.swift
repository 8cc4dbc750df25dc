import Geodata
public import Location
import OutsideInput

/// Something that happens on a scenario's timeline.
public enum ScenarioEvent: Sendable, Hashable, CustomStringConvertible {
    /// The receiver reports a position.
    case fix(ScenarioFix)
    /// The receiver reports, but has no fix (gpsd mode 1, NMEA quality 0).
    case noFix
    /// The receiver stops answering (unplugged, gpsd stopped).
    case receiverLost
    /// The receiver answers again.
    case receiverBack
    /// The person changes the permission in settings (revokes it, or grants it later).
    case authorizationChanged(LocationAuthorization)

    /// `"fix 52.22970, 21.01220 ±5 m"`, `"no fix"`, `"receiver lost"`, `"authorization → denied"`.
    public var description: String {
        switch self {
        case .fix(let fix):
            "fix \(fix.coordinate.formatted)" + (fix.horizontalAccuracy.map { " ±\(Self.meters($0)) m" } ?? "")
        case .noFix: "no fix"
        case .receiverLost: "receiver lost"
        case .receiverBack: "receiver back"
        case .authorizationChanged(let authorization): "authorization → \(authorization.scenarioText)"
        }
    }

    /// Whole meters without a fraction, else one decimal. Cannot trap: decoding bounds the
    /// accuracy (``TrackBounds/accuracy``), and the conversion saturates anyway.
    private static func meters(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        return value == value.rounded()
            ? String(Int(roundingSaturating: value) ?? 0) : String((value * 10).rounded() / 10)
    }
}

/// A ``ScenarioEvent`` at a time on the scenario's virtual clock.
public struct ScenarioTimedEvent: Sendable, Hashable {
    /// When, from the start of the scenario.
    public var time: Duration
    /// What.
    public var event: ScenarioEvent
    /// Where it was written (the timeline entry, or the track's line), when known.
    public var origin: String?

    /// `event` at `time`.
    public init(time: Duration, event: ScenarioEvent, origin: String? = nil) {
        self.time = time
        self.event = event
        self.origin = origin
    }
}
