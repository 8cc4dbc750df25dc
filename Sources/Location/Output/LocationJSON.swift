public import Foundation
import Geodata
import PetSpotJSON

/// The JSON text of fixes, states and errors: one encoder for every place that prints or
/// sends a fix (`petspot locate --json`, `petspot watch --json`, the HTTP service).
///
/// Each value is written straight into one string, with no intermediate dictionary and no
/// formatter created per value, because `watch --json` and the service's streams call it
/// once per fix. Keys come in a fixed, documented order; strings are escaped per JSON
/// (RFC 8259: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or `\u00XX`);
/// numbers print as an integer when they have no fraction (`21`), else in Swift's
/// shortest round-trip form (`52.2297`); absent or non-finite numbers print `null`.
///
/// ```swift
/// LocationJSON.fix(fix)
/// // {"latitude":52.2297,"longitude":21.0122,"formatted":{"latitude":"52.22970",
/// //  "longitude":"21.01220"},"horizontalAccuracy":4,"altitude":null,
/// //  "time":"2026-11-23T11:30:00.000Z","mode":"3d","source":"gpsd"}
/// LocationJSON.error(code: "noFix", message: "No fix within 30 s.")
/// // {"error":"noFix","message":"No fix within 30 s."}
/// ```
public enum LocationJSON {
    /// `locate --json`'s object for a fix, one line, no trailing newline:
    /// `{"latitude", "longitude", "formatted": {"latitude", "longitude"},
    /// "horizontalAccuracy", "altitude", "time", "mode", "source"}`.
    public static func fix(_ fix: LocationFix) -> String {
        var output = ""
        output.reserveCapacity(224)
        appendFix(fix, to: &output)
        return output
    }

    /// Appends ``fix(_:)``'s text to `output`: no allocation while `output` has room, so a
    /// printer that keeps one string for every line (`watch --json`) allocates nothing per fix.
    public static func appendFix(_ fix: LocationFix, to output: inout String) {
        output += "{\"latitude\":"
        appendNumber(fix.coordinate.latitude.degrees, to: &output)
        output += ",\"longitude\":"
        appendNumber(fix.coordinate.longitude.degrees, to: &output)
        output += ",\"formatted\":{\"latitude\":"
        appendString(fix.coordinate.latitude.formatted, to: &output)
        output += ",\"longitude\":"
        appendString(fix.coordinate.longitude.formatted, to: &output)
        output += "},\"horizontalAccuracy\":"
        appendNumber(fix.horizontalAccuracy, to: &output)
        output += ",\"altitude\":"
        appendNumber(fix.altitude, to: &output)
        output += ",\"time\":"
        if let time = fix.receiverTime {
            output += "\""
            ISO8601Time.append(time, to: &output)
            output += "\""
        } else {
            output += "null"
        }
        output += ",\"mode\":"
        appendString(fix.mode.rawValue, to: &output)
        output += ",\"source\":"
        appendString(fix.source.kind, to: &output)
        output += "}"
    }

    /// `{"state":"…","message":"…"}` for a state update, as `watch --json` prints it
    /// (``LocationUpdate/stateName`` and ``LocationUpdate/description``).
    public static func state(_ update: LocationUpdate) -> String {
        var output = "{\"state\":"
        appendString(update.stateName, to: &output)
        output += ",\"message\":"
        appendString(update.description, to: &output)
        output += "}"
        return output
    }

    /// `{"state":"dropped","count":N}`: `count` updates were skipped because their reader
    /// fell behind (newest wins; see ``LocationService/updateBufferSize``).
    public static func dropped(count: Int) -> String {
        "{\"state\":\"dropped\",\"count\":\(count)}"
    }

    /// `{"error":"code","message":"…"}`.
    public static func error(code: String, message: String) -> String {
        var output = "{\"error\":"
        appendString(code, to: &output)
        output += ",\"message\":"
        appendString(message, to: &output)
        output += "}"
        return output
    }

    /// The machine name of an error: "notDetermined", "denied", "restricted", "noFix",
    /// "providerUnavailable", "cancelled".
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

    /// `2026-11-23T11:30:00.000Z` (UTC, milliseconds), the same text as Foundation's
    /// `ISO8601DateFormatter` with `[.withInternetDateTime, .withFractionalSeconds]`, written
    /// without creating a formatter.
    public static func isoTime(_ date: Date) -> String {
        var output = ""
        output.reserveCapacity(24)
        ISO8601Time.append(date, to: &output)
        return output
    }

    /// Appends a JSON number as every PetSpot encoder does (``JSONText/appendNumber(_:to:)``).
    static func appendNumber(_ value: Double?, to output: inout String) {
        JSONText.appendNumber(value, to: &output)
    }

    /// Appends a JSON string as every PetSpot encoder does (``JSONText/appendString(_:to:)``).
    static func appendString(_ value: String, to output: inout String) {
        JSONText.appendString(value, to: &output)
    }
}
