public import Geodata
import Geodesy
public import PetSpotJSON
import ReportSteps
public import ReportStore

/// The JSON of stored reports, shared by the CLI (`reports show --json`, `nearby --json`) and
/// the service (`/v1/reports…`).
extension ReportJSON {
    /// A stored report as an announcement (`GET /api/v1/announcements/:id`, spec 003), which
    /// the Pet details card reads: every field ``ReportField`` shows (not the private ones), by
    /// its name, in its order — `id`, `kind`, `status`, `photoUrl`, `lastSeenDate`, `species`,
    /// `gender`, `breed`, `description`, `location`, `locationRadius` (km), `locationLatitude`,
    /// `locationLongitude`, `phone`, `email`, `caregiverPhone`, `currentAddress` (a found
    /// report's, spec 004 US3), `microchipNumber`, `approximateAge`, `reward`. The card's required
    /// texts (`photoUrl`, `lastSeenDate`, `species`, `gender`) are `""` when the report has none;
    /// other absent values are `null`. Without `contacts`, the contact details
    /// (``ReportField/Audience/contact``: `phone`, `email`, `caregiverPhone`, `currentAddress`)
    /// are left out (a list hands out none; a report's own card does).
    ///
    /// With `precision` (a stranger's view: ``PublicLocation``, the place already its cell's
    /// centre), `locationPrecisionMeters` follows `locationLongitude`: the side of the cell.
    public static func report(_ report: PetReport, contacts: Bool = true, precision: Double? = nil) -> JSONValue {
        .object(members(report, contacts: contacts, precision: precision))
    }

    /// A report just made over HTTP (`POST /v1/reports/…`, the pages' Submit): the report and,
    /// this once, its owner's token (`ownerToken`, last).
    public static func created(_ report: PetReport, ownerToken: OwnerToken) -> JSONValue {
        .object(members(report, contacts: true) + [(Key.ownerToken.rawValue, .string(ownerToken.text))])
    }

    private static func members(_ report: PetReport, contacts: Bool, precision: Double? = nil)
        -> [(String, JSONValue)]
    {
        var members: [(String, JSONValue)] = []
        for field in ReportField.shown where contacts || field.audience != .contact {
            members.append((field.rawValue, value(field, of: report)))
            if field == .locationLongitude, let precision {
                members.append((Key.locationPrecisionMeters.rawValue, .number(precision)))
            }
        }
        return members
    }

    /// `field`'s value in `report` as its codec (``ReportField/value``) writes it: a text, `""`
    /// for a text the card requires (``ReportField/isRequiredOnCard``) and `null` for another
    /// when absent; the radius in kilometres.
    static func value(_ field: ReportField, of report: PetReport) -> JSONValue {
        switch field.value {
        case .id: .string(report.id)
        case .kind: .string(report.kind.rawValue)
        case .status: .string(report.status.rawValue)
        case .text:
            field.isRequiredOnCard ? .string(field.text(in: report) ?? "") : .string(field.text(in: report))
        case .timestamp: .string(field.text(in: report))
        case .wholeNumber: .number(field.integer(in: report).map(Double.init))
        case .latitude: .number(report.coordinate?.latitude.degrees)
        case .longitude: .number(report.coordinate?.longitude.degrees)
        case .radius: .number(report.radius?.kilometers)
        }
    }

    /// A page of reports: `{"reports": [report…], "next": "last id" | null}` (`next` is set when
    /// the page is full: pass it as `after` for the next page); `contacts` as in
    /// ``report(_:contacts:)``.
    /// `public` (a stranger's list) shows each missing report's place as its cell's centre
    /// (``PublicLocation``).
    public static func list(
        _ reports: [PetReport], limit: Int, contacts: Bool = true, public grid: PublicLocation? = nil
    ) -> JSONValue {
        .object([
            (
                "reports",
                .array(
                    reports.map { stored in
                        guard let grid, grid.generalizes(stored) else { return report(stored, contacts: contacts) }
                        return report(grid.publicView(of: stored), contacts: contacts, precision: grid.precisionMeters)
                    })
            ),
            ("next", reports.count == limit ? .string(reports.last?.id) : .null),
        ])
    }

    /// `petspot nearby --json` and `GET /v1/reports/nearby`: `{"from": {"latitude",
    /// "longitude"}, "reports": N | null, "count": M, "matches": [{"id", "meters", "latitude",
    /// "longitude", "radiusMeters", "label"}]}`. `reports` is how many were searched, `null`
    /// when the store does not count them cheaply (PostgreSQL).
    /// With `precision`, a stranger's: each match as ``match(_:precision:)`` writes it.
    public static func nearby(from location: Coordinate, result: NearbyResult, precision: Double? = nil) -> JSONValue {
        .object([
            (
                "from",
                .object([
                    ("latitude", .number(location.latitude.degrees)),
                    ("longitude", .number(location.longitude.degrees)),
                ])
            ),
            ("reports", .number(result.searched.map(Double.init))),
            ("count", .number(Double(result.count))),
            ("matches", .array(result.matches.map { match($0, precision: precision) })),
        ])
    }

    /// One match: `{"id", "meters", "latitude", "longitude", "radiusMeters", "label"}`; a
    /// stranger's (`precision`: the place its cell's centre, the metres rounded) with
    /// `locationPrecisionMeters` last.
    public static func match(_ match: ReportMatch, precision: Double? = nil) -> JSONValue {
        var members = matchMembers(match)
        if let precision { members.append((Key.locationPrecisionMeters.rawValue, .number(precision))) }
        return .object(members)
    }

    private static func matchMembers(_ match: ReportMatch) -> [(String, JSONValue)] {
        [
            ("id", .string(match.id)), ("meters", .number(match.meters)),
            ("latitude", .number(match.coordinate.latitude.degrees)),
            ("longitude", .number(match.coordinate.longitude.degrees)),
            ("radiusMeters", .number(match.radius.meters)),
            ("label", .string(RadiusDisplay.line(place: nil, coordinate: match.coordinate, radius: match.radius))),
        ]
    }

    /// What an import did: `{"imported": N, "skipped": M, "problems": [{"line", "message"}…]}`
    /// (the first 1,000 problems).
    public static func importSummary(_ summary: ImportSummary) -> JSONValue {
        .object([
            ("imported", .number(Double(summary.imported))),
            ("skipped", .number(Double(summary.skippedCount))),
            (
                "problems",
                .array(
                    summary.skipped.map {
                        .object([($0.unit, .number(Double($0.number))), ("message", .string($0.message))])
                    })
            ),
        ])
    }
}
