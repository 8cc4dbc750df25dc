/// One element of ``LocationService/updates``: a new fix, or a change of state.
///
/// In the spirit of CoreLocation's `CLLocationUpdate.liveUpdates()`: consumers get fixes
/// and, between them, what is going on (no fix yet, fix lost, gpsd gone, permission
/// withdrawn), never a silent hang.
///
/// ```swift
/// for await update in service.updates {
///     switch update {
///     case .fix(let fix): print(fix)                          // "52.22970, 21.01220 ±4 m"
///     case .waitingForFix, .fixLost: print("no fix")
///     case .providerUnavailable(let endpoint, let reason): print("\(endpoint): \(reason)")
///     case .authorizationDenied(let status): print("not allowed: \(status)")
///     }
/// }
/// ```
public enum LocationUpdate: Sendable, Hashable, CustomStringConvertible {
    /// A position (gpsd mode 2 or 3).
    case fix(LocationFix)
    /// Connected to the provider, but the receiver has no position yet.
    case waitingForFix
    /// The receiver had a position and lost it (gpsd reports mode 1 again).
    case fixLost
    /// The provider cannot be reached or was lost; it keeps retrying with backoff and the
    /// next ``waitingForFix`` or ``fix(_:)`` says it is back.
    ///
    /// - Parameters:
    ///   - endpoint: what was tried, such as `"localhost:2947"`.
    ///   - reason: the provider's own error text, such as gpsd's "can't connect to host/port pair".
    case providerUnavailable(endpoint: String, reason: String)
    /// Location use is not allowed (`denied`, `restricted` or `notDetermined`); updates
    /// resume if the person allows it while the sequence is being iterated.
    case authorizationDenied(AuthorizationStatus)

    /// The fix, when this update is one.
    public var fix: LocationFix? {
        if case .fix(let fix) = self { return fix }
        return nil
    }

    /// The name of the state, as in the CLI's JSON `"state"` key: `"fix"`, `"waitingForFix"`,
    /// `"fixLost"`, `"providerUnavailable"`, `"authorizationDenied"`.
    public var stateName: String {
        switch self {
        case .fix: "fix"
        case .waitingForFix: "waitingForFix"
        case .fixLost: "fixLost"
        case .providerUnavailable: "providerUnavailable"
        case .authorizationDenied: "authorizationDenied"
        }
    }

    /// A line a person can read: the fix, or `"waiting for a fix"`, `"fix lost"`, ….
    public var description: String {
        switch self {
        case .fix(let fix): fix.description
        case .waitingForFix: "waiting for a fix"
        case .fixLost: "fix lost"
        case .providerUnavailable(let endpoint, let reason): "location provider unavailable at \(endpoint): \(reason)"
        case .authorizationDenied(let status): "location use not allowed (\(status))"
        }
    }
}
