import Geodata
import Hummingbird
import PetSpotJSON
import ReportSteps

/// How a location request's outcome and a browser's Geolocation answer travel between the
/// page and the step API.
///
/// An outcome (answered after a request, sent back by the page so later answers replay it):
///
/// ```json
/// {"kind": "located", "latitude": 52.2297, "longitude": 21.0122}
/// {"kind": "permissionBlocked", "block": "denied"}
/// {"kind": "failed", "failure": "providerUnavailable", "reason": "gpsd: connection refused"}
/// ```
///
/// A browser's answer: `{"latitude": 52.2297, "longitude": 21.0122}`, `{"errorCode": 1}`
/// (W3C `GeolocationPositionError` codes) or `{"unsupported": true}`.
enum LocationOutcomeJSON {
    /// The outcome as JSON.
    static func json(_ outcome: LocationRequestOutcome) -> JSONValue {
        switch outcome {
        case .located(let coordinate):
            .object([
                ("kind", "located"), ("latitude", .number(coordinate.latitude.degrees)),
                ("longitude", .number(coordinate.longitude.degrees)),
            ])
        case .permissionBlocked(let block):
            .object([("kind", "permissionBlocked"), ("block", .string(block.rawValue))])
        case .failed(let failure):
            .object([("kind", "failed"), ("failure", .string(name(failure))), ("reason", .string(reason(failure)))])
        }
    }

    private static func name(_ failure: LocationRequestFailure) -> String {
        switch failure {
        case .noFix: "noFix"
        case .timedOut: "timedOut"
        case .providerUnavailable: "providerUnavailable"
        case .cancelled: "cancelled"
        }
    }

    private static func reason(_ failure: LocationRequestFailure) -> String? {
        if case .providerUnavailable(let reason) = failure { return reason }
        return nil
    }

    /// Reads an outcome a page sent back.
    ///
    /// - Throws: ``Problem`` (400) when it is not one of the shapes above.
    static func outcome(_ input: JSONInput) throws(Problem) -> LocationRequestOutcome {
        let bad = StepRequest.bad(
            "location",
            "'location' must be an outcome this API answered: {\"kind\": \"located\", \"latitude\", \"longitude\"}, {\"kind\": \"permissionBlocked\", \"block\": \"denied\"|\"restricted\"} or {\"kind\": \"failed\", \"failure\": \"noFix\"|\"timedOut\"|\"providerUnavailable\"|\"cancelled\"}."
        )
        guard case .object(let members) = input, case .string(let kind)? = members["kind"] else { throw bad }
        switch kind {
        case "located":
            guard Set(members.keys) == ["kind", "latitude", "longitude"] else { throw bad }
            return .located(try coordinate(members, member: "location"))
        case "permissionBlocked":
            guard Set(members.keys) == ["kind", "block"], case .string(let text)? = members["block"],
                let block = LocationPermissionBlock(rawValue: text)
            else { throw bad }
            return .permissionBlocked(block)
        case "failed":
            guard Set(members.keys).isSubset(of: ["kind", "failure", "reason"]),
                case .string(let failure)? = members["failure"]
            else { throw bad }
            switch failure {
            case "noFix": return .failed(.noFix)
            case "timedOut": return .failed(.timedOut)
            case "cancelled": return .failed(.cancelled)
            case "providerUnavailable":
                guard case .string(let reason)? = members["reason"] else { throw bad }
                return .failed(.providerUnavailable(reason: String(reason.prefix(200))))
            default: throw bad
            }
        default: throw bad
        }
    }

    /// Reads a browser's Geolocation answer.
    ///
    /// - Throws: ``Problem`` (400) for another shape or a position off the globe.
    static func browser(_ input: JSONInput) throws(Problem) -> BrowserGeolocationResult {
        let bad = StepRequest.bad(
            "browser",
            "'browser' must be {\"latitude\": DEGREES, \"longitude\": DEGREES}, {\"errorCode\": 1|2|3} or {\"unsupported\": true}."
        )
        guard case .object(let members) = input else { throw bad }
        let keys = Set(members.keys)
        if keys == ["latitude", "longitude"] { return .position(try coordinate(members, member: "browser")) }
        if keys == ["errorCode"], case .number(let number)? = members["errorCode"], let code = Int(exactly: number),
            (1...3).contains(code)
        {
            return .error(code: code)
        }
        if keys == ["unsupported"], case .bool(true)? = members["unsupported"] { return .unsupported }
        throw bad
    }

    private static func coordinate(_ members: [String: JSONInput], member: String) throws(Problem) -> Coordinate {
        guard case .number(let latitude)? = members["latitude"], case .number(let longitude)? = members["longitude"]
        else {
            throw StepRequest.bad(member, "'\(member)' needs numbers 'latitude' and 'longitude'.")
        }
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw StepRequest.bad(member, "'\(member)' is not a position on the globe: \(error.description).")
        }
    }

    /// The location block of a step answer: the request status, the helper text, the alert
    /// (only right after the request that raised it) and the outcome to send back.
    static func block(_ fields: CoordinateFields, outcome: LocationRequestOutcome?) -> JSONValue {
        let status: String
        switch fields.requestStatus {
        case .idle: status = "idle"
        case .inFlight: status = "inFlight"
        case .captured: status = "captured"
        case .permissionBlocked: status = "permissionBlocked"
        case .failed: status = "failed"
        }
        let alert: JSONValue =
            fields.alert.map { alert in
                .object([
                    ("title", .string(alert.title)), ("message", .string(alert.message)),
                    ("cancelTitle", .string(alert.cancelTitle)), ("settingsTitle", .string(alert.settingsTitle)),
                    ("cancelId", .string(alert.cancelAccessibilityIdentifier)),
                    ("settingsId", .string(alert.settingsAccessibilityIdentifier)),
                ])
            } ?? .null
        return .object([
            ("status", .string(status)), ("helper", .string(fields.helperText)), ("alert", alert),
            ("outcome", outcome.map(json) ?? .null),
        ])
    }
}
