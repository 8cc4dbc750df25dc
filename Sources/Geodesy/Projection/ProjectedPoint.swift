/// A position in a coordinate reference system, as ``CRSTransformer`` gives it: `x` east and
/// `y` north (easting/northing in metres for a projected CRS such as `EPSG:2180` or a UTM
/// zone; longitude/latitude in degrees for a geographic one).
public struct ProjectedPoint: Sendable, Hashable, Codable {
    /// Easting (or longitude).
    public var x: Double
    /// Northing (or latitude).
    public var y: Double
    /// The target system as it was asked for, e.g. `"EPSG:2180"`.
    public var crs: String
}
