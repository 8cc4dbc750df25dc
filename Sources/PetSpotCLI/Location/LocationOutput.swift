import Foundation
import Geodata
import Location

/// How `locate` and `watch` print fixes, states and errors.
enum LocationOutput {
    /// `{"latitude": n, "longitude": n, "formatted": {"latitude": "52.22970", "longitude":
    /// "21.01220"}, "horizontalAccuracy": n|null, "altitude": n|null, "time": "ISO-8601"|null,
    /// "mode": "2d"|"3d", "source": "gpsd"}`.
    static func json(_ fix: LocationFix) -> JSONValue {
        .object([
            ("latitude", .number(fix.coordinate.latitude.degrees)),
            ("longitude", .number(fix.coordinate.longitude.degrees)),
            (
                "formatted",
                .object([
                    ("latitude", .string(fix.coordinate.latitude.formatted)),
                    ("longitude", .string(fix.coordinate.longitude.formatted)),
                ])
            ),
            ("horizontalAccuracy", .number(fix.horizontalAccuracy)),
            ("altitude", .number(fix.altitude)),
            ("time", .string(fix.receiverTime.map(isoTime))),
            ("mode", .string(fix.mode.rawValue)),
            ("source", .string(fix.source.kind)),
        ])
    }

    /// `{"state": "providerUnavailable", "message": "…"}` for a state change.
    static func json(state update: LocationUpdate) -> JSONValue {
        .object([("state", .string(update.stateName)), ("message", .string(update.description))])
    }

    /// `2026-11-23T11:30:00.000Z`.
    static func isoTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The machine name of an error, as in `{"error": "noFix"}`.
    static func code(_ error: LocationError) -> String {
        switch error {
        case .notDetermined: "notDetermined"
        case .denied: "denied"
        case .restricted: "restricted"
        case .noFix: "noFix"
        case .providerUnavailable: "providerUnavailable"
        case .cancelled: "cancelled"
        }
    }

    /// Exit status: 2 not allowed, 3 no fix in time, 4 provider unavailable, 130 cancelled.
    static func exitCode(_ error: LocationError) -> Int32 {
        switch error {
        case .notDetermined, .denied, .restricted: 2
        case .noFix: 3
        case .providerUnavailable: 4
        case .cancelled: 130
        }
    }

    /// Prints a failure: `{"error": code, "message": text}` on stdout with `--json`, else
    /// the message on stderr.
    static func fail(code: String, message: String, json: Bool) {
        if json {
            print(JSONValue.object([("error", .string(code)), ("message", .string(message))]).text)
        } else {
            FileHandle.standardError.write(Data("petspot: \(message)\n".utf8))
        }
    }
}
