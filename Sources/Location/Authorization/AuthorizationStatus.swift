/// Whether the person allowed this program to use their location, with CoreLocation's
/// cases (`CLAuthorizationStatus`).
///
/// On Linux the decision is PetSpot's own: see ``PersistedConsentAuthorizer``.
public enum AuthorizationStatus: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The person has not answered yet; ``LocationService/requestWhenInUseAuthorization()``
    /// asks them.
    case notDetermined
    /// A system policy forbids location use; the person cannot change it.
    case restricted
    /// The person said no.
    case denied
    /// Allowed while the program is in use.
    case authorizedWhenInUse
    /// Allowed at any time.
    case authorizedAlways

    /// `true` for ``authorizedWhenInUse`` and ``authorizedAlways``.
    public var isAuthorized: Bool { self == .authorizedWhenInUse || self == .authorizedAlways }

    /// The case name, as in JSON and on the command line: `"authorizedWhenInUse"`.
    public var description: String { rawValue }
}

/// How precise the locations are that the person allowed, like CoreLocation's
/// `CLAccuracyAuthorization`.
///
/// With ``reducedAccuracy`` the service gives approximate fixes only: see
/// ``LocationFix/approximated()``.
public enum AccuracyAuthorization: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Fixes as precise as the receiver gives them.
    case fullAccuracy
    /// Approximate fixes only (a ~2 km grid, accuracy at least 3 km).
    case reducedAccuracy

    /// `"fullAccuracy"` or `"reducedAccuracy"`.
    public var description: String { rawValue }
}

/// An authorization status and, when authorized, how precise the allowed locations are.
public struct LocationAuthorization: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether location use is allowed.
    public var status: AuthorizationStatus
    /// How precise the allowed locations are; meaningful only when ``status`` is authorized.
    public var accuracy: AccuracyAuthorization

    /// A status with an accuracy (full unless said otherwise).
    public init(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization = .fullAccuracy) {
        self.status = status
        self.accuracy = accuracy
    }

    /// `true` when ``status`` allows location use.
    public var isAuthorized: Bool { status.isAuthorized }

    /// `"authorizedWhenInUse"`, or `"authorizedWhenInUse (reducedAccuracy)"`.
    public var description: String {
        isAuthorized && accuracy == .reducedAccuracy ? "\(status) (\(accuracy))" : status.description
    }
}
