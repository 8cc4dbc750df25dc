import Geodata
import Geodesy
import Hummingbird
import OutsideInput
import PetSpotJSON

/// `GET /v1/geodesy/distance` (`petspot distance --json`) and `GET /v1/geodesy/radius`
/// (`petspot radius --json`, or with `Accept: application/geo+json` the circle Feature of
/// `radius --geojson`).
struct GeodesyController {
    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/geodesy/distance") { request, _ -> Response in
            let query = try Query(request, allowed: ["from", "to"])
            let from = try Self.coordinate(query, "from")
            let to = try Self.coordinate(query, "to")
            return .json(GeodesyJSON.distance(Geodesic.wgs84.inverse(from: from, to: to)))
        }
        router.get("/v1/geodesy/radius") { request, _ -> Response in
            try Self.radius(request)
        }
    }

    static func radius(_ request: Request) throws(Problem) -> Response {
        let query = try Query(request, allowed: ["center", "km", "name", "points"])
        let centre = try coordinate(query, "center")
        let rule = "a number of kilometres from 0 to 10000"
        guard let km = try query.number("km", in: -1e300...1e300, rule)
        else {
            throw Problem.badParameter("km", "Query parameter 'km' is required: \(rule).")
        }
        let radius: SearchRadius
        do {
            radius = try SearchRadius(kilometers: km)
        } catch {
            throw Problem.badParameter("km", "Query parameter 'km': \(error.description)")
        }
        // Checked whatever the answer's form: a bad `points` is a 400 for JSON too.
        let points = try query.wholeNumber("points", in: 3...10_000) ?? SearchCircle.defaultPointCount
        let name = query["name"]
        let circle = SearchCircle(center: centre, radius: radius)
        let label = RadiusDisplay.line(place: name, coordinate: centre, radius: radius) ?? centre.formatted
        guard wantsGeoJSON(request) else {
            return .json(GeodesyJSON.radius(label: label, circle: circle))
        }
        do {
            let geometry = try circle.geoJSON(points: points)
            return .json(
                GeodesyJSON.radiusFeature(label: label, name: name, circle: circle, geometry: geometry),
                contentType: "application/geo+json")
        } catch {
            throw Problem.badParameter("points", "Query parameter 'points': \(error.description)")
        }
    }

    /// Whether `Accept` asks for GeoJSON (`application/geo+json`).
    static func wantsGeoJSON(_ request: Request) -> Bool {
        request.headers[values: .accept].contains { $0.lowercased().contains("application/geo+json") }
    }

    /// A required coordinate pair parameter, with Geodata's message when it is not valid.
    static func coordinate(_ query: Query, _ name: String) throws(Problem) -> Coordinate {
        let text = try query.required(name, "a coordinate pair such as 52.2297,21.0122")
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw Problem.badParameter(
                name, "Query parameter '\(name)' (\"\(String(text.prefix(80)).terminalSafe)\"): \(error.description)")
        }
    }
}
