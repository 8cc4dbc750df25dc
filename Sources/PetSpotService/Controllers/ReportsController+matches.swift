import Geodesy
import Hummingbird
import ReportStore
import Reports

/// `GET /v1/reports/{id}/matches?limit=N&marginKm=K`: a report's possible matches
/// (``ReportMatching``), best first — for a found report the open missing reports whose search
/// circle, widened by the margin (1 km unless asked), holds the place it was found; for a
/// missing report the open found reports inside its circle. Without contacts: those are on
/// each match's card.
extension ReportsController {
    /// The margin added to every search circle when none is asked.
    static let defaultMatchMargin = 1.0

    func addMatchRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/reports/{id}/matches") { request, context -> Response in
            let query = try Query(request, allowed: ["limit", "marginKm"])
            let id = try Self.id(context)
            let limit = try Self.limit(query, maximum: 100) ?? 10
            let margin = try Self.margin(query) ?? (try? SearchRadius(kilometers: Self.defaultMatchMargin)) ?? .zero
            let store = try requireStore()
            let report = try await Self.storeCall { try await store.report(id: id) }
            let matches = try await Self.storeCall {
                try await ReportMatching.matches(for: report, in: store, margin: margin, limit: limit)
            }
            return .json(ReportMatching.json(id: id, matches))
        }
    }
}
