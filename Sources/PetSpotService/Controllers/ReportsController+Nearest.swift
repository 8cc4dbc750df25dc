import Geodata
import Hummingbird
import ReportSteps
import ReportStore
import Reports

/// `GET /v1/reports?near=PAIR&limit=N&offset=K[&kind=missing|found]`: a page of the open
/// reports nearest first (``ReportStore/nearest(_:)``), each with `distanceMeters` and without
/// its contacts (``ReportJSON/nearestItem(_:photoUrl:public:today:)``); a stranger's measured from and
/// ranked by each missing report's cell (``publicNearest(_:in:)``). The list route hands a
/// request with `near` here.
extension ReportsController {
    /// The largest page of the nearest list.
    static let maximumNearestLimit = 100

    /// The nearest page `request` asks for.
    func nearestPage(_ request: Request) async throws -> Response {
        let query = try Query(request, allowed: ["near", "limit", "offset", "kind"])
        let near = try GeodesyController.coordinate(query, "near")
        let limit = try Self.whole(query, "limit", 1...Self.maximumNearestLimit) ?? 10
        let offset = try Self.whole(query, "offset", 0...NearestQuery.maximumOffset) ?? 0
        var kind: ReportKind?
        if let text = query["kind"] {
            guard let known = ReportKind(rawValue: text) else {
                throw Problem.badParameter("kind", "Query parameter 'kind' must be missing or found.")
            }
            kind = known
        }
        let store = try requireStore()
        // One more than the page, to tell whether another page follows.
        let asked = NearestQuery(location: near, kind: kind, limit: limit + 1, offset: offset)
        let grid = publicGrid(for: request)
        let found =
            grid == nil
            ? try await Self.storeCall { try await store.nearest(asked) }
            : try await publicNearest(asked, in: store)
        let page = Array(found.prefix(limit))
        var photoURLs: [String: String] = [:]
        var places: [String: String] = [:]
        for result in page {
            let kept = try? await photos?.type(id: result.report.id)
            if kept != nil { photoURLs[result.report.id] = Self.photoPath(result.report.id) }
            places[result.report.id] = placeName(grid.map { $0.publicView(of: result.report) } ?? result.report)
        }
        return .json(
            ReportJSON.nearest(
                page, near: near, offset: offset, limit: limit, hasMore: found.count > limit, photoURLs: photoURLs,
                public: grid, today: today.day(), places: places))
    }

    /// What a list calls `report`'s place (``PlacesController/placeName(_:)``).
    func placeName(_ report: PetReport) -> String? { PlacesController.placeName(report) }

    /// A whole-number parameter in `range`, or `nil` when not given (400 naming it otherwise).
    static func whole(_ query: Query, _ name: String, _ range: ClosedRange<Int>) throws(Problem) -> Int? {
        let rule = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let value = try query.number(name, in: Double(range.lowerBound)...Double(range.upperBound), rule)
        else { return nil }
        guard let whole = Int(exactly: value) else {
            throw Problem.badParameter(name, "Query parameter '\(name)' must be \(rule).")
        }
        return whole
    }
}
