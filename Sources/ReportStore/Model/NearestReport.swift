/// One report of a ``ReportStore/nearest(_:)`` page, with how far it is.
public struct NearestReport: Sendable, Hashable {
    /// The report as stored.
    public var report: PetReport
    /// The geodesic distance from the query's location to the report's place, in metres
    /// (WGS84, `geod_inverse`).
    public var meters: Double

    /// A result from its parts.
    public init(report: PetReport, meters: Double) {
        self.report = report
        self.meters = meters
    }

    /// `true` when `self` comes before `other`: nearer first, ties by identifier (``ReportID``
    /// order).
    public func precedes(_ other: NearestReport) -> Bool {
        meters != other.meters ? meters < other.meters : ReportID.precedes(report.id, other.report.id)
    }
}
