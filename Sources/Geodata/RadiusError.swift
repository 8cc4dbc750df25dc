/// Why a number cannot be a ``SearchRadius``: it is not finite, or it lies outside
/// 0…10,000 km.
///
/// The ``description`` is a message a person can act on:
///
/// ```swift
/// do { _ = try SearchRadius(kilometers: -5) }
/// catch { print(error) }   // "Radius must be between 0 and 10000 km"
/// ```
///
/// Geodata's own error, so that checking a radius needs no PROJ. Geodesy's `GeodesyError`
/// (whose `.radius` quantity gives the same two messages) converts from it with
/// `GeodesyError(_:)` where a radius and a circle's other numbers share one error.
public enum RadiusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value is NaN or infinite.
    case notFinite
    /// The value is below 0 or above ``SearchRadius/maximumMeters`` (10,000 km).
    case outOfRange

    /// The valid values, as the message states them.
    public static let allowedRange = "between 0 and 10000 km"

    public var description: String {
        switch self {
        case .notFinite: "Radius must be a finite number"
        case .outOfRange: "Radius must be \(Self.allowedRange)"
        }
    }
}
