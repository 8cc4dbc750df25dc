public import Geodata

/// What a web browser's Geolocation API (`navigator.geolocation.getCurrentPosition`)
/// answered, read as the same ``LocationRequestOutcome`` a `LocationService` request ends in,
/// so a web page's "Request GPS position" / "Use current location" shows exactly what the
/// other front ends show.
///
/// | browser answer | outcome |
/// |---|---|
/// | a position | ``LocationRequestOutcome/located(_:)`` |
/// | `PERMISSION_DENIED` (1) | the permission alert (``LocationPermissionBlock/denied``) |
/// | `POSITION_UNAVAILABLE` (2) | ``LocationRequestFailure/providerUnavailable(reason:)`` (``unavailableReason``: a browser has no "GPS fix" to speak of) |
/// | `TIMEOUT` (3) | ``LocationRequestFailure/timedOut`` |
/// | no Geolocation API | ``LocationRequestFailure/providerUnavailable(reason:)`` |
///
/// ```swift
/// BrowserGeolocationResult.error(code: 1).outcome    // .permissionBlocked(.denied)
/// ```
public enum BrowserGeolocationResult: Sendable, Hashable {
    /// A position.
    case position(Coordinate)
    /// A `GeolocationPositionError` with its W3C `code` (1, 2 or 3).
    case error(code: Int)
    /// The page has no Geolocation API (an insecure origin in some browsers, or none at all).
    case unsupported

    /// `PERMISSION_DENIED` in the W3C Geolocation API.
    public static let permissionDeniedCode = 1
    /// `POSITION_UNAVAILABLE`.
    public static let positionUnavailableCode = 2
    /// `TIMEOUT`.
    public static let timeoutCode = 3

    /// The reason shown when the browser could not find the device's position.
    public static let unavailableReason = "your browser could not tell where this device is"

    /// The reason shown when the browser has no Geolocation API.
    public static let unsupportedReason = "this browser gives no position to this page"

    /// The outcome the steps apply (``CoordinateFields/finishLocationRequest(_:)``).
    public var outcome: LocationRequestOutcome {
        switch self {
        case .position(let coordinate): .located(coordinate)
        case .error(code: Self.permissionDeniedCode): .permissionBlocked(.denied)
        case .error(code: Self.timeoutCode): .failed(.timedOut)
        case .error: .failed(.providerUnavailable(reason: Self.unavailableReason))
        case .unsupported: .failed(.providerUnavailable(reason: Self.unsupportedReason))
        }
    }
}
