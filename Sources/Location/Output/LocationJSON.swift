public import Foundation
import Geodata

/// The JSON of fixes, states and errors, as `petspot locate --json` and `watch --json` print
/// them and `petspot serve` answers: compact, one line, keys in a documented order.
///
/// ```swift
/// LocationJSON.fix(fix)
/// // {"latitude":52.2297,"longitude":21.0122,"formatted":{"latitude":"52.22970",…},…}
/// LocationJSON.error(code: "denied", message: "Location permission was denied. …")
/// ```
public enum LocationJSON {
    /// `{"latitude": n, "longitude": n, "formatted": {"latitude": "52.22970", "longitude":
    /// "21.01220"}, "horizontalAccuracy": n|null, "altitude": n|null, "time": "ISO-8601"|null,
    /// "mode": "2d"|"3d", "source": "gpsd"}`, with no newline.
    public static func fix(_ fix: LocationFix) -> String {
        let latitude = fix.coordinate.latitude
        let longitude = fix.coordinate.longitude
        let formatted = object([("latitude", string(latitude.formatted)), ("longitude", string(longitude.formatted))])
        return object([
            ("latitude", number(latitude.degrees)), ("longitude", number(longitude.degrees)),
            ("formatted", formatted), ("horizontalAccuracy", number(fix.horizontalAccuracy)),
            ("altitude", number(fix.altitude)), ("time", string(fix.receiverTime.map(isoTime))),
            ("mode", string(fix.mode.rawValue)), ("source", string(fix.source.kind)),
        ])
    }

    /// `{"state": "providerUnavailable", "message": "…"}` for a state change.
    public static func state(_ update: LocationUpdate) -> String {
        object([("state", string(update.stateName)), ("message", string(update.description))])
    }

    /// `{"error": code, "message": text}`.
    public static func error(code: String, message: String) -> String {
        object([("error", string(code)), ("message", string(message))])
    }

    /// The machine name of an error, as in `{"error": "noFix"}`: `"notDetermined"`,
    /// `"denied"`, `"restricted"`, `"noFix"`, `"providerUnavailable"`, `"cancelled"`.
    public static func errorCode(_ error: LocationError) -> String {
        switch error {
        case .notDetermined: "notDetermined"
        case .denied: "denied"
        case .restricted: "restricted"
        case .noFix: "noFix"
        case .providerUnavailable: "providerUnavailable"
        case .cancelled: "cancelled"
        }
    }

    /// `2026-11-23T11:30:00.000Z`.
    public static func isoTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// Integers without a fraction (`21`), others in Swift's shortest round-trip form;
    /// `null` when absent or not finite.
    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func string(_ value: String?) -> String {
        guard let value else { return "null" }
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
