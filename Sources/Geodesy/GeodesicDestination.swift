public import Geodata

/// Where a geodesic ends, as ``Geodesic/destination(from:bearing:distance:)`` finds it.
public struct GeodesicDestination: Sendable, Hashable {
    /// The end point.
    public var coordinate: Coordinate
    /// The bearing on arrival, in degrees clockwise from north, in (−180, 180].
    public var finalBearing: Double
}
