public import PetSpotJSON
import ReportSteps
public import ReportStore

extension ReportMatching {
    /// `GET /v1/reports/{id}/matches` and `petspot matches ID --json`: `{"id", "matches":
    /// [{"id", "meters", "distance", "score", "sameMicrochip", "beyondCircle", "title", "date", "url", "report"}…]}` — the
    /// distance as shown (`"2.4 km"`, `"850 m"`), the card's species and breed (`"Dog ·
    /// Beagle"`) and date (`"Nov 17, 2025"`), the match's card, and the report without its
    /// contacts (they are on its card).
    ///
    /// With `public` (a stranger's list), a missing report is shown on its cell
    /// (``PublicLocation``: its place the cell's centre, `locationPrecisionMeters`) and every
    /// distance rounded (`meters` to 100 m, `about 2.4 km`).
    public static func json(id: String, _ matches: [Match], public grid: PublicLocation? = nil) -> JSONValue {
        .object([
            ("id", .string(id)),
            (
                "matches",
                .array(
                    matches.map { match in
                        let shown = grid?.generalizes(match.report) == true ? grid : nil
                        let report =
                            shown.map {
                                ReportJSON.report(
                                    $0.publicView(of: match.report), contacts: false, precision: $0.precisionMeters)
                            } ?? ReportJSON.report(match.report, contacts: false)
                        let meters = grid == nil ? match.meters : PublicLocation.publicMeters(match.meters)
                        return .object([
                            ("id", .string(match.report.id)), ("meters", .number(meters)),
                            (
                                "distance",
                                .string(
                                    grid == nil ? distanceText(match.meters) : PublicLocation.publicText(match.meters))
                            ),
                            ("score", .number((match.score * 1000).rounded() / 1000)),
                            ("sameMicrochip", .bool(match.sameMicrochip)),
                            ("beyondCircle", .bool(match.beyondCircle)),
                            ("title", .string(title(match.report))), ("date", .string(date(match.report))),
                            ("url", .string("/pets/\(match.report.id)")),
                            ("report", report),
                        ])
                    })
            ),
        ])
    }

    /// `"850 m"` under a kilometre, else kilometres with one decimal: `"2.4 km"`.
    public static func distanceText(_ meters: Double) -> String {
        guard meters >= 999.5 else { return "\(Int(meters.rounded())) m" }
        let tenths = Int((meters / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }

    /// The card's species and breed: `"Dog · Beagle"` (`"Dog"` without a breed).
    public static func title(_ report: PetReport) -> String {
        let species = report.species.map { SpeciesTaxonomy.option(id: $0)?.displayName ?? $0 } ?? "—"
        guard let breed = report.breed, !breed.isEmpty else { return PetCard.visible(species) }
        return PetCard.visible(species + " · " + breed)
    }

    /// The day last seen as the card shows it (`"Nov 17, 2025"`), or `""`.
    public static func date(_ report: PetReport) -> String {
        report.lastSeenDate.flatMap(day)?.mediumText ?? ""
    }
}
