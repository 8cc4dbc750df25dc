public import Geodata

/// What a store that has no query of its own for them answers with its other calls: correct,
/// one call per page or per report. Both engines have their own (one query each).
extension ReportStore {
    public func openReports(of kind: ReportKind, within meters: Double, of location: Coordinate)
        async throws(ReportStoreError) -> [NearestReport]
    {
        var query = NearestQuery(location: location, kind: kind, limit: NearestQuery.maximumLimit)
        var within: [NearestReport] = []
        while true {
            let page = try await nearest(query)
            within += page.filter { $0.meters <= meters }
            let next = query.offset + query.limit
            guard page.count == query.limit, (page.last?.meters ?? .infinity) <= meters,
                next <= NearestQuery.maximumOffset
            else { return within }
            query.offset = next
        }
    }

    public func reports(ids: [String]) async throws(ReportStoreError) -> [PetReport] {
        var reports: [PetReport] = []
        for id in ids {
            do throws(ReportStoreError) {
                reports.append(try await report(id: id))
            } catch  where error.reason == .notFound {
                continue
            }
        }
        return reports
    }
}
