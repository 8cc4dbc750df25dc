/// What ranking a possible match needs of a stored report, without reading it whole: its
/// species, its day (lost or found), its sex and its microchip number, as stored
/// (``ReportMatch/facts``).
public struct MatchFacts: Sendable, Hashable {
    /// The species, as stored (`DOG`), or `nil`.
    public var species: String?
    /// The day lost or found, as stored (`2025-11-17`), or `nil`.
    public var lastSeenDate: String?
    /// The sex, as stored (`FEMALE`, `MALE`), or `nil`.
    public var gender: String?
    /// The microchip number, as stored (digits), or `nil`.
    public var microchipNumber: String?

    /// Facts from their parts.
    public init(species: String?, lastSeenDate: String?, gender: String? = nil, microchipNumber: String? = nil) {
        self.species = species
        self.lastSeenDate = lastSeenDate
        self.gender = gender
        self.microchipNumber = microchipNumber
    }
}
