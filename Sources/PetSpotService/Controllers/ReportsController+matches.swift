import Geodata
import Hummingbird
import ReportStore
import Reports

/// `GET /v1/reports/{id}/matches?limit=N&marginKm=K`: a report's possible matches
/// (``ReportMatching``), best first — for a found report the open missing reports whose search
/// circle, widened by the margin (`marginKm`, else the server's `--match-margin-km`, 1 km by
/// default), holds the place it was found; for a missing report the open found reports inside
/// its circle. Without contacts: those are on each match's card.
extension ReportsController {
    func addMatchRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/reports/{id}/matches") { request, context -> Response in
            let query = try Query(request, allowed: ["limit", "marginKm"])
            let id = try Self.id(context)
            let limit = try Self.limit(query, maximum: 100) ?? 10
            let margin = try Self.margin(query) ?? matchMargin
            let store = try requireStore()
            let report = try await Self.storeCall { try await store.report(id: id) }
            // Anyone but the operator (a report's owner too: the matches are others' reports) is
            // given distances measured from missing reports' cells (PublicLocation).
            let grid = publicGrid(for: request)
            let matches = try await Self.storeCall {
                try await ReportMatching.matches(for: report, in: store, margin: margin, limit: limit, public: grid)
            }
            return .json(ReportMatching.json(id: id, matches, public: grid))
        }
    }
}
