public import Geodata
import Geodesy
public import PetSpotJSON
public import ReportSteps
public import ReportStore

/// The JSON of the nearest open reports (`GET /v1/reports?near=…`, the home page's list).
extension ReportJSON {
    /// A page of the nearest open reports: `{"near": {"latitude", "longitude"}, "offset": K,
    /// "limit": N, "reports": [item…], "next": K + N | null}` (`next` is the offset of the next
    /// page, `null` on the last).
    ///
    /// - Parameters:
    ///   - results: the page, nearest first.
    ///   - hasMore: whether reports follow the page.
    ///   - photoURLs: where each report's kept photo is served, by id (it wins over the stored URL).
    ///   - today: the day each card's `age` is counted to (``ReportAge``); `nil`: no `age`.
    ///   - places: what each card calls its report's place, by id (the typed name, else `near
    ///     Piaseczno`); a report without one has no `place`.
    public static func nearest(
        _ results: [NearestReport], near location: Coordinate, offset: Int, limit: Int, hasMore: Bool,
        photoURLs: [String: String] = [:], public grid: PublicLocation? = nil, today: CalendarDay? = nil,
        places: [String: String] = [:]
    ) -> JSONValue {
        .object([
            (
                "near",
                .object([
                    ("latitude", .number(location.latitude.degrees)),
                    ("longitude", .number(location.longitude.degrees)),
                ])
            ),
            ("offset", .number(Double(offset))),
            ("limit", .number(Double(limit))),
            (
                "reports",
                .array(
                    results.map {
                        nearestItem(
                            $0, photoUrl: photoURLs[$0.report.id],
                            public: grid?.generalizes($0.report) == true ? grid : nil, today: today,
                            place: places[$0.report.id])
                    })
            ),
            ("next", hasMore ? .number(Double(offset + limit)) : .null),
        ])
    }

    /// One item: the report's JSON without `phone` and `email` (``report(_:contacts:)``:
    /// contacts are handed out on the card, not in lists), then `distanceMeters` and `card`: what a list
    /// shows as the card does: the photo's URL, the status badge's text and colour, species, breed
    /// (outside text as the card shows it, `PetCard.visible`), date and distance (`2.4 km`,
    /// ``DistanceDisplay``; `photoUrl` empty when there is none: the page shows "Image not available").
    ///
    /// With `public` (a stranger's view of a missing report: ``PublicLocation``), the place is
    /// its cell's centre with `locationPrecisionMeters`, `result.meters` is taken as measured
    /// from it, and the distance is rounded (`distanceMeters` to 100 m, never under 100;
    /// `about 2.4 km`).
    ///
    /// With `today`, the card also says how old the report is (`age`: `reported 3 days ago`,
    /// ``ReportAge``), when the report has its time.
    ///
    /// With `place`, the card names where (`place`: `Warsaw`, `near Piaseczno`).
    public static func nearestItem(
        _ result: NearestReport, photoUrl: String? = nil, public grid: PublicLocation? = nil,
        today: CalendarDay? = nil, place: String? = nil
    ) -> JSONValue {
        let shown = grid.map { $0.publicView(of: result.report) } ?? result.report
        guard case .object(let members) = report(shown, contacts: false, precision: grid?.precisionMeters) else {
            return .null
        }
        let meters = grid == nil ? result.meters : PublicLocation.publicMeters(result.meters)
        let distance =
            grid == nil ? DistanceDisplay.text(meters: result.meters) : PublicLocation.publicText(result.meters)
        let card = PetDetailsCard(Announcement(shown, photoUrl: photoUrl))
        var summary: [(String, JSONValue)] = [
            (ReportField.photoUrl.rawValue, .string(card.photoURL)),
            (
                ReportField.status.rawValue,
                .object([("text", .string(card.status.text)), ("color", .string(card.status.color.rawValue))])
            ),
            (ReportField.species.rawValue, .string(PetCard.visible(card.speciesText))),
            (ReportField.breed.rawValue, .string(PetCard.visible(card.breedText))),
            ("date", .string(card.dateText)),
            ("distance", .string(distance)),
        ]
        if let place { summary.append(("place", .string(PetCard.visible(place)))) }
        if let today, let age = ReportAge.text(renewedAt: result.report.renewedAt, today: today) {
            summary.append(("age", .string(age)))
        }
        return .object(members + [("distanceMeters", .number(meters)), ("card", .object(summary))])
    }
}
