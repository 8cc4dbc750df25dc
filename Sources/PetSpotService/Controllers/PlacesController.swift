import Geodata
import Geodesy
import Hummingbird
import PetSpotJSON
import Places
import ReportStore

/// `GET /v1/places?q=NAME` (up to `limit`, default 10, towns whose name or a word of it starts
/// with NAME, accents folded both ways, the most populous first) and
/// `GET /v1/places/nearest?near=LAT,LON` (the nearest town and its geodesic distance), over
/// Debian's libgeonames (`petspot place`). A server without the library answers 503.
struct PlacesController {
    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/places") { request, _ -> Response in
            let query = try Query(request, allowed: ["q", "limit"])
            let text = try query.required("q", "a town's name, or its first letters")
            guard text.count <= 100 else {
                throw Problem.badParameter("q", "Query parameter 'q' is longer than 100 characters.")
            }
            let limit = try query.wholeNumber("limit", in: 1...50) ?? 10
            let towns = try Self.towns().search(text, limit: limit)
            return .json(.object([("places", .array(towns.map(Self.json)))]))
        }
        router.get("/v1/places/nearest") { request, _ -> Response in
            let query = try Query(request, allowed: ["near"])
            let place = try GeodesyController.coordinate(query, "near")
            guard let nearest = try Self.towns().nearest(to: place) else {
                throw Problem(.notFound, detail: "No town is known.")
            }
            let meters = Geodesic.wgs84.inverse(from: place, to: nearest.town.coordinate).meters
            return .json(
                .object([("place", Self.json(nearest.town)), ("distanceMeters", .number((meters * 10).rounded() / 10))])
            )
        }
    }

    /// How far a town may be for a place to be called "near" it: 30 km.
    static let nearMeters = 30_000.0

    /// `near Piaseczno`: the nearest town to `place` within ``nearMeters``, as a card names a
    /// report's place that has no name (spec 003's "Warsaw • ±15 km" rather than coordinates);
    /// `nil` without a town that near, or without town names on this server.
    static func nearTown(_ place: Coordinate) -> String? {
        guard let nearest = try? TownList.shared().nearest(to: place), nearest.meters <= nearMeters else { return nil }
        return "near " + nearest.town.name
    }

    /// What lists, cards and alert mails call `report`'s place: its typed name, else the nearest
    /// town to the place it is shown at (`near Piaseczno`), else nothing.
    static func placeName(_ report: PetReport) -> String? {
        if let typed = report.place, !typed.isEmpty { return typed }
        return report.coordinate.flatMap(nearTown)
    }

    /// `{"name", "state", "country", "countryCode", "latitude", "longitude", "population"}`.
    static func json(_ town: Town) -> JSONValue {
        .object([
            ("name", .string(town.name)), ("state", .string(town.state)), ("country", .string(town.country)),
            ("countryCode", .string(town.countryCode)), ("latitude", .number(town.coordinate.latitude.degrees)),
            ("longitude", .number(town.coordinate.longitude.degrees)), ("population", .number(Double(town.population))),
        ])
    }

    private static func towns() throws(Problem) -> TownList {
        do {
            return try TownList.shared()
        } catch {
            var problem = Problem(
                .serviceUnavailable, detail: "Town names are not available on this server.",
                extensions: [("reason", "placesUnavailable")])
            problem.logged = error.description
            throw problem
        }
    }
}
