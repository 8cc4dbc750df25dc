import Geodata
import Geodesy
import Hummingbird
import OutsideInput
import PetSpotJSON

/// `GET /v1/coordinates/validate`: `petspot validate --json`'s object, 200 for any
/// validation result; 400 only for a malformed request.
struct CoordinatesController {
    static let parameters = ["latitude", "longitude", "flow", "pair"]

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/coordinates/validate") { request, _ -> Response in
            .json(try Self.report(Query(request, allowed: Self.parameters)).json)
        }
    }

    /// The report for `?pair=` or `?latitude=&longitude=&flow=`.
    static func report(_ query: Query) throws(Problem) -> ValidationReport {
        let requirement: CoordinateRequirement
        switch query["flow"] {
        case nil, "missing"?: requirement = .missingPetFlow
        case "found"?: requirement = .foundPetFlow
        case let other?:
            throw Problem.badParameter(
                "flow",
                "Query parameter 'flow' must be 'missing' or 'found'; got '\(String(other.prefix(40)).terminalSafe)'.")
        }
        if let pair = query["pair"] {
            guard query["latitude"] == nil, query["longitude"] == nil else {
                throw Problem.badParameter("pair", "Give 'pair' or 'latitude' and 'longitude', not both.")
            }
            return ValidationReport(pair: pair)
        }
        guard query["latitude"] != nil || query["longitude"] != nil else {
            throw Problem.badParameter(
                "pair", "Give 'pair' (such as 52.2297,21.0122) or 'latitude' and 'longitude'.")
        }
        return ValidationReport(
            fields: CoordinateFieldsValidation(
                latitude: query["latitude"] ?? "", longitude: query["longitude"] ?? "", requirement: requirement))
    }
}
