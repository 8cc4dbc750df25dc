/// How far a lost pet typically gets beyond where it was last seen, as days pass: a missing
/// report whose search has been running a while also reaches found reports this far beyond its
/// circle, ranked after every match inside one (``ReportMatching/Match/beyondCircle``).
///
/// The distances (Docs/Service.md, Matches):
/// - **Cats: 500 m.** Huang et al. 2018 (n = 1,210 lost cats): 75 % were found within 500 m of
///   where they went missing (indoor cats closer; outdoor-access cats up to about 1.6 km).
/// - **Dogs: 1.6 km.** Lord et al. 2007 (lost dogs in Ohio) and lost-pet platforms' data: most
///   lost dogs are found within about a mile (1.6 km).
/// - Other species: none (no source to lean on).
///
/// The reach grows linearly over the first ``days`` days after the loss and then stays.
enum Wander {
    /// The days until a species' whole reach applies.
    static let days = 14

    /// The farthest any species reaches (what a search is widened by before each candidate is
    /// held to its own).
    static let farthestMeters = 1_600.0

    /// Metres beyond its circle a missing pet of `species` may be found `days` after the loss.
    static func meters(species: String?, days: Int) -> Double {
        let full: Double =
            switch species?.uppercased() {
            case "DOG": 1_600
            case "CAT": 500
            default: 0
            }
        return full * Double(min(max(days, 0), Self.days)) / Double(Self.days)
    }
}
