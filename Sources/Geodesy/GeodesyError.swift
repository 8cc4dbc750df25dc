public import Geodata

/// Why a number given to the geodesy API (a radius, a distance, a bearing, a point count)
/// cannot be used. Coordinates need no such check: a `Coordinate` is valid by construction.
///
/// The ``description`` is a message a person can act on:
///
/// ```swift
/// do { _ = try Geodesic.wgs84.destination(from: warsaw, bearing: 400, distance: 1000) }
/// catch { print(error) }   // "Bearing must be between -360 and 360 degrees"
/// ```
///
/// A ``SearchRadius`` is checked in Geodata, which throws Geodata's ``RadiusError``;
/// ``init(_:)`` gives the same failure as a `GeodesyError` with the same message, for callers
/// that report a radius and the circle drawn from it as one error.
public enum GeodesyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value is NaN or infinite.
    case notFinite(Quantity)
    /// The value is outside the quantity's ``Quantity/allowedRange`` text.
    case outOfRange(Quantity)

    /// What kind of number was wrong.
    public enum Quantity: String, Sendable, Hashable, CaseIterable {
        /// A search radius: 0…10,000 km (``SearchRadius/maximumMeters``); Geodata checks it
        /// (``RadiusError``), a search circle reports its vertices with it.
        case radius
        /// A distance travelled from a point: 0…20,000 km (``Geodesic/maximumDistance``).
        case distance
        /// A bearing: −360…360 degrees.
        case bearing
        /// The number of points of a search circle's polygon: 3…10,000.
        case pointCount

        /// The quantity's name as a person reads it.
        public var name: String {
            switch self {
            case .radius: "Radius"
            case .distance: "Distance"
            case .bearing: "Bearing"
            case .pointCount: "Number of points"
            }
        }

        /// The valid values, as the message states them.
        public var allowedRange: String {
            switch self {
            case .radius: RadiusError.allowedRange
            case .distance: "between 0 and 20000 km"
            case .bearing: "between -360 and 360 degrees"
            case .pointCount: "between 3 and 10000"
            }
        }
    }

    /// Geodata's radius error as the geodesy API's: `.notFinite(.radius)` or
    /// `.outOfRange(.radius)`, with ``RadiusError``'s message.
    public init(_ error: RadiusError) {
        switch error {
        case .notFinite: self = .notFinite(.radius)
        case .outOfRange: self = .outOfRange(.radius)
        }
    }

    public var description: String {
        switch self {
        case .notFinite(let quantity): "\(quantity.name) must be a finite number"
        case .outOfRange(let quantity): "\(quantity.name) must be \(quantity.allowedRange)"
        }
    }
}
