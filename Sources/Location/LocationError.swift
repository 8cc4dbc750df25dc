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
    ///   - lastSeen: the last state the request saw (`waitingForFix`, `fixLost`, …), or `nil`
    ///     when the provider reported nothing at all.
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
        case nil: "the provider reported nothing"
        case .fix(let fix)?: "last fix \(fix) was not accurate enough"
        case .waitingForFix?: "connected, but no fix from the receiver"
        case .fixLost?: "the receiver lost its fix"
        case .providerUnavailable(let endpoint, let reason)?: "provider unavailable at \(endpoint): \(reason)"
        case .authorizationDenied(let status)?: "location use not allowed (\(status))"
        }
    }
}
