public import Geodata

/// A missing-pet report as nearby search sees it: where the pet was last seen and how far
/// around that place it may be.
///
/// ```swift
/// let report = NearbyReport(id: "r-17", coordinate: warsaw, radius: try SearchRadius(kilometers: 15))
/// ```
public struct NearbyReport: Sendable, Hashable, Codable {
    /// The report's identifier, as the caller knows it.
    public var id: String
    /// Where the pet was last seen.
    public var coordinate: Coordinate
    /// How far around ``coordinate`` the pet may be.
    public var radius: SearchRadius

    /// A report from its parts.
    public init(id: String, coordinate: Coordinate, radius: SearchRadius) {
        self.id = id
        self.coordinate = coordinate
        self.radius = radius
    }
}
