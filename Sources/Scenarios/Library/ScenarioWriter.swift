public import Foundation
import Geodata
public import Location
import OutsideInput

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
    ///   - timeline: events with whole-millisecond times, in time order; events beyond the
    ///     24 h limit are left out.
    ///   - start: the receiver time at 0 s.
    ///   - watchFor: how long the app watches (at most 24 h).
    ///
    /// The file always reads back: any character of `title` YAML cannot hold is written as
    /// an escape, and the comment is made one terminal-safe line.
    public static func yaml(
        title: String, comment: String? = nil, timeline: [ScenarioTimedEvent], start: Date, watchFor: Duration
    ) -> String {
        let timeline = timeline.filter { $0.time <= ScenarioLimits.maximumDuration }
        let watchFor = min(watchFor, ScenarioLimits.maximumDuration)
        var lines: [String] = []
        if let comment { lines.append("# " + commentText(comment)) }
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
                    "    authorization: {status: \(authorization.status), accuracy: \(authorization.accuracy.scenarioWord)}",
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
    static func number(_ value: Double) -> String { PlainDecimal.text(value) }

    /// A double-quoted YAML string: `\` and `"` escaped, and every character YAML does not
    /// allow in a file (controls, DEL, C1, line and paragraph separators, BOM) as `\uXXXX`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case _ where isPrintableInYAML(scalar): result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return result + "\""
    }

    /// One comment line: terminal-safe, and without the line breaks YAML knows beyond `\n`.
    static func commentText(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.terminalSafe.unicodeScalars.map { isPrintableInYAML($0) ? $0 : "?" }))
    }

    /// YAML 1.1's printable set, less the characters that break a line (NEL, LS, PS) and the
    /// byte-order mark.
    private static func isPrintableInYAML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x2027, 0x202A...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

extension ScenarioFix {
    /// A fix a receiver reported (gpsd, for `petspot record`), brought within the bounds a
    /// scenario file accepts, so that a recording always replays: a finite accuracy beyond
    /// the bound becomes the bound (still "worse than anything"); an altitude, speed or
    /// satellite count beyond its bound becomes unknown; a course is taken modulo 360°.
    public init(recording fix: LocationFix) {
        func within(_ value: Double?, _ range: ClosedRange<Double>) -> Double? {
            value.flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
        func accuracy(_ value: Double?) -> Double? {
            value.flatMap { $0.isFinite && $0 >= 0 ? min($0, TrackBounds.accuracy.upperBound) : nil }
        }
        var course = fix.course.flatMap { $0.isFinite ? $0.truncatingRemainder(dividingBy: 360) : nil }
        if let value = course, value < 0 { course = value + 360 }
        self.init(
            coordinate: fix.coordinate, horizontalAccuracy: accuracy(fix.horizontalAccuracy),
            verticalAccuracy: accuracy(fix.verticalAccuracy), altitude: within(fix.altitude, TrackBounds.altitude),
            speed: within(fix.speed, TrackBounds.speed), course: course,
            satellites: fix.satellitesUsed.flatMap { TrackBounds.satellites.contains($0) ? $0 : nil })
    }
}
