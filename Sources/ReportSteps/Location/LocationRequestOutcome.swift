public import Geodata

/// How one "Request GPS position" / "Use current location" tap ended (spec 002 §8).
public enum LocationRequestOutcome: Sendable, Hashable, CustomStringConvertible {
    /// A position arrived; both fields get its five-decimal text.
    case located(Coordinate)
    /// Location use is not allowed; the Cancel / Go to Settings alert is shown.
    case permissionBlocked(LocationPermissionBlock)
    /// Allowed, but no position came; a helper text says why and the fields stay untouched.
    case failed(LocationRequestFailure)

    /// A short English summary, for logs and the terminal wizard.
    public var description: String {
        switch self {
        case .located(let coordinate): "located \(coordinate.formatted)"
        case .permissionBlocked(let block): "permission \(block.rawValue)"
        case .failed(let failure): "failed: \(failure.helperText)"
        }
    }
}

/// Why location use is not allowed.
public enum LocationPermissionBlock: String, Sendable, Hashable, Codable {
    /// The person said no (now or earlier).
    case denied
    /// A policy forbids it; the person may not be able to change it.
    case restricted
}

/// Why an allowed location request gave no position.
public enum LocationRequestFailure: Sendable, Hashable {
    /// The receiver answered but has no position (no satellites, indoors).
    case noFix
    /// No position arrived within the service's time limit.
    case timedOut
    /// The location source could not be used; `reason` says what happened
    /// (`"gpsd is not running on localhost:2947"`).
    case providerUnavailable(reason: String)
    /// The request was cancelled (the flow was left while it ran).
    case cancelled

    /// The helper text shown under the coordinate fields.
    public var helperText: String {
        switch self {
        case .noFix:
            "No GPS fix: the receiver has no position yet. Try again in the open, or type the coordinates."
        case .timedOut:
            "Getting your position took too long. Try again, or type the coordinates."
        case .providerUnavailable(let reason):
            "Location is unavailable (\(reason)). Type the coordinates, or try again later."
        case .cancelled:
            "The location request was cancelled."
        }
    }
}
