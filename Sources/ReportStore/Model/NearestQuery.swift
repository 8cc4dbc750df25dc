public import Geodata

/// Which reports ``ReportStore/nearest(_:)`` returns: a page of the open reports with a place
/// (``PetReport/isOpen``), nearest first to ``location`` by geodesic distance, ties by
/// identifier (``ReportID`` order).
///
/// ```swift
/// let page = try await store.nearest(NearestQuery(location: warsaw, kind: .found, limit: 10, offset: 20))
/// page.first?.meters      // the third page's nearest found report, in metres
/// ```
public struct NearestQuery: Sendable, Hashable {
    /// Where distances are measured from.
    public var location: Coordinate
    /// Only this kind, or both.
    public var kind: ReportKind?
    /// At most this many (1…``maximumLimit``).
    public var limit: Int
    /// How many of the nearest to pass over first (0…``maximumOffset``).
    public var offset: Int

    /// The largest page.
    public static let maximumLimit = 1000
    /// The furthest a page may start: a store reads `offset + limit` reports to answer.
    public static let maximumOffset = 100_000

    /// A query; `limit` is clamped to 1…``maximumLimit`` and `offset` to 0…``maximumOffset``.
    public init(location: Coordinate, kind: ReportKind? = nil, limit: Int = 10, offset: Int = 0) {
        self.location = location
        self.kind = kind
        self.limit = min(max(limit, 1), Self.maximumLimit)
        self.offset = min(max(offset, 0), Self.maximumOffset)
    }

    /// `true` when `report` takes part: open, with a place, of the kind asked for.
    public func includes(_ report: PetReport) -> Bool {
        report.isOpen && report.coordinate != nil && (kind == nil || report.kind == kind)
    }
}

extension PetReport {
    /// `true` while the report is open: a missing report while `ACTIVE` (the pet is sought), a
    /// found report while `FOUND` (its owner is sought); a `CLOSED` report is neither.
    public var isOpen: Bool { status == kind.openStatus }
}
