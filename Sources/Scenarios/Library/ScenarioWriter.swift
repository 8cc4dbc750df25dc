public import Foundation
import Geodata

/// Writes a scenario file (YAML) from a timeline: what `petspot record` saves, so that a
/// captured gpsd session replays later without hardware.
///
/// ```swift
/// let yaml = ScenarioWriter.yaml(
///     title: "Recorded from gpsd localhost:2947", timeline: events, start: startDate,
///     watchFor: .seconds(10))
/// ```
public enum ScenarioWriter {
    /// The YAML text of a scenario with `timeline`, authorized from the start, whose app
    /// watches for `watchFor` and expects the timeline's fixes.
    ///
    /// - Parameters:
    ///   - title: the scenario's title.
    ///   - comment: a first line comment (where and when it was recorded).
    ///   - timeline: events with whole-millisecond times, in time order.
    ///   - start: the receiver time at 0 s.
    ///   - watchFor: how long the app watches.
    public static func yaml(
        title: String, comment: String? = nil, timeline: [ScenarioTimedEvent], start: Date, watchFor: Duration
    ) -> String {
        var lines: [String] = []
        if let comment { lines.append("# " + comment.replacingOccurrences(of: "\n", with: " ")) }
        lines.append("title: \(quoted(title))")
        lines.append("authorization: authorizedWhenInUse")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        lines.append("start: \(formatter.string(from: start))")
        lines.append(timeline.isEmpty ? "timeline: []" : "timeline:")
        for event in timeline {
            let at = "at: \(ScenarioDuration(event.time))"
            switch event.event {
            case .fix(let fix): lines += ["  - \(at)", "    fix: \(flow(fix))"]
            case .noFix: lines += ["  - \(at)", "    noFix:"]
            case .receiverLost: lines += ["  - \(at)", "    receiverLost:"]
            case .receiverBack: lines += ["  - \(at)", "    receiverBack:"]
            case .authorizationChanged(let authorization):
                lines += [
                    "  - \(at)",
                    "    authorization: {status: \(authorization.status), accuracy: \(authorization.accuracy)}",
                ]
            }
        }
        lines.append("consumer:")
        lines.append("  - watch: {for: \(ScenarioDuration(watchFor))}")
        let fixes = timeline.filter { if case .fix = $0.event { true } else { false } }.count
        lines.append("expect:")
        lines.append("  - fixes: \(fixes)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{latitude: 52.2297, longitude: 21.0122, accuracy: 4.2, …}`.
    static func flow(_ fix: ScenarioFix) -> String {
        var parts = [
            "latitude: \(number(fix.coordinate.latitude.degrees))",
            "longitude: \(number(fix.coordinate.longitude.degrees))",
        ]
        if let value = fix.horizontalAccuracy { parts.append("accuracy: \(number(value))") }
        if let value = fix.verticalAccuracy { parts.append("verticalAccuracy: \(number(value))") }
        if let value = fix.altitude { parts.append("altitude: \(number(value))") }
        if let value = fix.speed { parts.append("speed: \(number(value))") }
        if let value = fix.course { parts.append("course: \(number(value))") }
        if let value = fix.satellites { parts.append("satellites: \(value)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Integers without a fraction, others in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A double-quoted YAML string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
