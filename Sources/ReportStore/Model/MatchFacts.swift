/// What ranking a possible match needs of a stored report, without reading it whole: its
/// species and its day (lost or found), as stored (``ReportMatch/facts``).
public struct MatchFacts: Sendable, Hashable {
    /// The species, as stored (`DOG`), or `nil`.
    public var species: String?
    /// The day lost or found, as stored (`2025-11-17`), or `nil`.
    public var lastSeenDate: String?

    /// Facts from their parts.
    public init(species: String?, lastSeenDate: String?) {
        self.species = species
        self.lastSeenDate = lastSeenDate
    }
}
