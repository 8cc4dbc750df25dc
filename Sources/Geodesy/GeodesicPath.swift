/// The shortest path between two points, as ``Geodesic/inverse(from:to:)`` finds it.
///
/// Bearings are in degrees clockwise from north, in (−180, 180] as GeographicLib and
/// `GeodSolve` give them; ``compassBearing(_:)`` turns one into 0…360.
/// Encoded as `{"meters": …, "initialBearing": …, "finalBearing": …}`.
public struct GeodesicPath: Sendable, Hashable, Codable {
    /// The length of the geodesic, in metres.
    public var meters: Double
    /// The bearing when leaving the start point.
    public var initialBearing: Double
    /// The bearing when arriving at the end point (not the back bearing: add 180° for that).
    public var finalBearing: Double

    /// A bearing as a compass reads it, in [0, 360): `-162.357` becomes `197.643`.
    public static func compassBearing(_ bearing: Double) -> Double {
        let reduced = bearing.truncatingRemainder(dividingBy: 360)
        let positive = reduced < 0 ? reduced + 360 : reduced
        return positive >= 360 || positive == 0 ? 0 : positive  // no 360, no -0
    }
}
