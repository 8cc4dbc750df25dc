/// Which of the two geographic coordinates a value, a field or an error is about.
///
/// ```swift
/// CoordinateAxis.latitude.range   // -90.0...90.0
/// CoordinateAxis.longitude.name   // "Longitude"
/// ```
public enum CoordinateAxis: String, Sendable, Hashable, Codable, CaseIterable {
    /// North–south position, −90…90 degrees.
    case latitude
    /// East–west position, −180…180 degrees.
    case longitude

    /// The largest magnitude a value on this axis may have: 90 or 180 degrees.
    public var bound: Double {
        switch self {
        case .latitude: 90
        case .longitude: 180
        }
    }

    /// The inclusive range of valid values, in degrees.
    public var range: ClosedRange<Double> { -bound...bound }

    /// The field's name as a person reads it: "Latitude" or "Longitude".
    public var name: String {
        switch self {
        case .latitude: "Latitude"
        case .longitude: "Longitude"
        }
    }

    /// The other axis of the pair.
    public var other: CoordinateAxis {
        switch self {
        case .latitude: .longitude
        case .longitude: .latitude
        }
    }
}
