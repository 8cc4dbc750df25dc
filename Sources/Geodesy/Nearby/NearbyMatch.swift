/// A report within reach of a found pet, as ``NearbySearch`` returns it.
public struct NearbyMatch: Sendable, Hashable {
    /// The report's position in the array the search was made from.
    public var index: Int
    /// The report.
    public var report: NearbyReport
    /// The geodesic distance from the found pet to the report's place, in metres
    /// (`geod_inverse`, to the nanometre).
    public var meters: Double
}
