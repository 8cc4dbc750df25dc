/// Why ``LocationService/requestLocation(timeout:desiredAccuracy:maximumAge:)`` gave no fix.
///
/// `description` is the message a person sees, and says what to do next:
///
/// ```swift
/// do {
///     let fix = try await service.requestLocation(timeout: .seconds(30))
/// } catch {
///     print(error)   // "No fix within 30 s (connected, but no fix from the receiver)."
/// }
/// ```
public enum LocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The person has not been asked yet: call
    /// ``LocationService/requestWhenInUseAuthorization()`` first.
    case notDetermined
    /// The person refused location use.
    case denied
    /// A system policy forbids location use (see ``RestrictionPolicy``).
    case restricted
    /// No fix arrived before the timeout.
    ///
    /// - Parameters:
    ///   - waited: how long the request waited.
    ///   - lastSeen: the last state the receiver reported while the request waited
    ///     (`waitingForFix` after a report without a position, `fixLost`, …), or `nil` when
    ///     nothing was heard from it at all (a silent receiver or socket; see ``heardNothing``).
    case noFix(waited: Duration, lastSeen: LocationUpdate?)
    /// The provider could not be reached.
    ///
    /// - Parameters:
    ///   - endpoint: what was tried, such as `"localhost:2947"`.
    ///   - reason: the provider's own error text.
    case providerUnavailable(endpoint: String, reason: String)
    /// The requesting task was cancelled.
    case cancelled

    /// The error for an authorization status that does not allow location use; `nil` when
    /// it does.
    public init?(status: AuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .denied: self = .denied
        case .restricted: self = .restricted
        case .authorizedWhenInUse, .authorizedAlways: return nil
        }
    }

    /// `true` for a ``noFix(waited:lastSeen:)`` with nothing heard from the receiver before the
    /// timeout (a silent receiver, a socket that never speaks), as opposed to a receiver that
    /// reported it has no position. Report steps show "took too long" for the first and
    /// "No GPS fix" for the second.
    ///
    /// ```swift
    /// LocationError.noFix(waited: .seconds(30), lastSeen: nil).heardNothing             // true
    /// LocationError.noFix(waited: .seconds(30), lastSeen: .waitingForFix).heardNothing   // false
    /// ```
    public var heardNothing: Bool {
        if case .noFix(_, nil) = self { true } else { false }
    }

    /// The message a person sees.
    public var description: String {
        switch self {
        case .notDetermined:
            "Location permission has not been given yet. Allow it with `petspot permission grant`."
        case .denied:
            "Location permission was denied. Allow it with `petspot permission grant`."
        case .restricted:
            "Location use is restricted by a system policy (PETSPOT_LOCATION_POLICY or /etc/petspot/location-policy); ask your administrator."
        case .noFix(let waited, let lastSeen):
            "No fix within \(waited.secondsText) s (\(Self.sawText(lastSeen)))."
        case .providerUnavailable(let endpoint, let reason):
            "Location provider unavailable at \(endpoint): \(reason). Is gpsd running there?"
        case .cancelled:
            "The location request was cancelled."
        }
    }

    private static func sawText(_ lastSeen: LocationUpdate?) -> String {
        switch lastSeen {
        case nil: "nothing heard from the receiver"
        case .fix(let fix)?: "last fix \(fix) was not accurate enough"
        case .waitingForFix?: "connected, but no fix from the receiver"
        case .fixLost?: "the receiver lost its fix"
        case .providerUnavailable(let endpoint, let reason)?: "provider unavailable at \(endpoint): \(reason)"
        case .authorizationDenied(let status)?: "location use not allowed (\(status))"
        }
    }
}
