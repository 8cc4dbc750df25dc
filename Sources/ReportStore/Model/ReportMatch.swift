public import Geodata
public import Geodesy

/// An open missing report within reach of a found place, as a store's nearby query returns it.
public struct ReportMatch: Sendable, Hashable {
    /// The report's identifier.
    public var id: String
    /// Where the pet was last seen.
    public var coordinate: Coordinate
    /// The report's radius.
    public var radius: SearchRadius
    /// The geodesic distance from the found place to ``coordinate``, in metres (`geod_inverse`).
    public var meters: Double
    /// The report's species and day, when the store read them with the match (SQLite's index
    /// and PostgreSQL's query both do, and the contract checks them): all that ranking a found
    /// report's matches needs.
    public var facts: MatchFacts?

    /// A match from its parts.
    public init(id: String, coordinate: Coordinate, radius: SearchRadius, meters: Double, facts: MatchFacts? = nil) {
        self.id = id
        self.coordinate = coordinate
        self.radius = radius
        self.meters = meters
        self.facts = facts
    }

    /// The match `NearbySearch` found, with the report's facts when known.
    public init(_ match: NearbyMatch, facts: MatchFacts? = nil) {
        self.init(
            id: match.report.id, coordinate: match.report.coordinate, radius: match.report.radius,
            meters: match.meters, facts: facts)
    }

    /// `true` when `self` comes before `other`: nearer first, ties by identifier (``ReportID``
    /// order).
    public func precedes(_ other: ReportMatch) -> Bool {
        meters != other.meters ? meters < other.meters : ReportID.precedes(id, other.id)
    }
}

/// What a nearby query found.
public struct NearbyResult: Sendable, Hashable {
    /// The matches, nearest first, at most the limit asked for.
    public var matches: [ReportMatch]
    /// How many reports are within reach in all (before the limit).
    public var count: Int
    /// How many open missing reports the search covered, when the engine knows it cheaply
    /// (the in-process index does; PostgreSQL would have to count).
    public var searched: Int?

    /// A result from its parts.
    public init(matches: [ReportMatch], count: Int, searched: Int?) {
        self.matches = matches
        self.count = count
        self.searched = searched
    }
}

/// Which reports ``ReportStore/list(_:)`` returns: a page in identifier order.
public struct ReportListQuery: Sendable, Hashable {
    /// Only this kind, or every kind.
    public var kind: ReportKind?
    /// Only this status, or every status.
    public var status: ReportStatus?
    /// Only identifiers after this one (the last of the previous page).
    public var after: String?
    /// At most this many (1…10,000).
    public var limit: Int

    /// The largest page.
    public static let maximumLimit = 10_000

    /// A query; `limit` is clamped to 1…``maximumLimit``.
    public init(kind: ReportKind? = nil, status: ReportStatus? = nil, after: String? = nil, limit: Int = 100) {
        self.kind = kind
        self.status = status
        self.after = after
        self.limit = min(max(limit, 1), Self.maximumLimit)
    }
}
