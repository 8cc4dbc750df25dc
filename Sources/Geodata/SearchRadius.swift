/// How far from a place a pet may be: a checked distance of 0…10,000 km.
///
/// The API of spec 003 gives it as `locationRadius`, in kilometres.
///
/// ```swift
/// let radius = try SearchRadius(kilometers: 15)
/// radius.meters                               // 15000
/// RadiusDisplay.radiusText(radius)            // "±15 km"
/// try SearchRadius(kilometers: .nan)          // throws RadiusError.notFinite
/// ```
///
/// Encoded as a number of metres.
public struct SearchRadius: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The largest radius: 10,000 km. Up to there a circle can hold at most one pole,
    /// which keeps its polygon and GeoJSON well defined.
    public static let maximumMeters: Double = 10_000_000

    /// A radius of zero: the place itself.
    public static let zero = SearchRadius(checkedMeters: 0)

    /// The radius in metres: finite, 0…``maximumMeters``, never `-0.0`.
    public let meters: Double

    /// The radius in kilometres.
    public var kilometers: Double { meters / 1000 }

    /// Checks a radius in metres.
    ///
    /// - Throws: ``RadiusError/notFinite`` or ``RadiusError/outOfRange``.
    public init(meters: Double) throws(RadiusError) {
        guard meters.isFinite else { throw .notFinite }
        guard (0...Self.maximumMeters).contains(meters) else { throw .outOfRange }
        self.init(checkedMeters: meters)
    }

    /// Checks a radius in kilometres (the API's `locationRadius`).
    ///
    /// - Throws: ``RadiusError/notFinite`` or ``RadiusError/outOfRange``.
    public init(kilometers: Double) throws(RadiusError) {
        guard kilometers.isFinite else { throw .notFinite }
        try self.init(meters: kilometers * 1000)
    }

    private init(checkedMeters meters: Double) {
        self.meters = meters == 0 ? 0 : meters
    }

    /// As ``RadiusDisplay`` shows it: `"±15 km"`, `"±500 m"`, or `"0 m"`.
    public var description: String { RadiusDisplay.radiusText(self) ?? "0 m" }

    public static func < (lhs: SearchRadius, rhs: SearchRadius) -> Bool { lhs.meters < rhs.meters }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try container.decodeChecked(Double.self, SearchRadius.init(meters:)) { $1.description }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(meters)
    }
}
