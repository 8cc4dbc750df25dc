import Geodata
import Geodesy
import Hummingbird
import PetSpotJSON
import ReportStore
import Reports

/// What a stranger is answered (``PublicLocation``): a missing report's place is its cell's
/// centre, and every search a stranger makes — which reports, in which order, how far — is a
/// function of those centres alone, so no sequence of queries narrows a place below its cell.
/// The stores search exact places; these widen the search by the grid's reach, measure again
/// from the centres, and keep what the centres say.
extension ReportsController {
    /// Report JSON for `request`: whole for its owner or the operator; else the public view —
    /// no contacts (they are on the contact route) and a missing report's place its cell's centre.
    func reportJSON(_ report: PetReport, for request: Request) -> JSONValue {
        if access.seesWhole(request, report) { return ReportJSON.report(report) }
        guard publicLocation.generalizes(report) else { return ReportJSON.report(report, contacts: false) }
        return ReportJSON.report(
            publicLocation.publicView(of: report), contacts: false, precision: publicLocation.precisionMeters)
    }

    /// The grid when `request` is a stranger's to a list (`nil` for the operator's).
    func publicGrid(for request: Request) -> PublicLocation? {
        access.isOperator(request) ? nil : publicLocation
    }

    /// A stranger's page of the nearest open reports: ranked by the distance to each report's
    /// shown place (ties by id), `offset ..< offset + limit + 1` of that order. Reads the store's
    /// exact order until the reports it has not read yet cannot rank within the page: a place is
    /// at most ``PublicLocation/reachMeters`` from its cell's centre.
    func publicNearest(_ asked: NearestQuery, in store: any ReportStore) async throws -> [NearestReport] {
        let wanted = asked.offset + asked.limit
        let reach = publicLocation.reachMeters
        // Each report read is measured from its shown place once; the store's exact distance of
        // the last one read bounds what is still unread.
        var measured: [NearestReport] = []
        var lastExact = 0.0
        var page = min(NearestQuery.maximumLimit, wanted + 64)
        while true {
            let query = NearestQuery(location: asked.location, kind: asked.kind, limit: page, offset: measured.count)
            let more = try await Self.storeCall { try await store.nearest(query) }
            measured += publicMeasured(more, from: asked.location)
            lastExact = more.last?.meters ?? lastExact
            let ranked = measured.sorted { $0.precedes($1) }
            if more.count < page || measured.count >= NearestQuery.maximumOffset { return slice(ranked, asked) }
            if ranked.count >= wanted, lastExact > ranked[wanted - 1].meters + reach { return slice(ranked, asked) }
            page = NearestQuery.maximumLimit
        }
    }

    private func slice(_ ranked: [NearestReport], _ asked: NearestQuery) -> [NearestReport] {
        Array(ranked.dropFirst(asked.offset).prefix(asked.limit))
    }

    /// `results` measured from each report's shown place (a missing report's cell's centre).
    private func publicMeasured(_ results: [NearestReport], from location: Coordinate) -> [NearestReport] {
        results.map { result in
            guard publicLocation.generalizes(result.report), let place = result.report.coordinate else { return result }
            let centre = publicLocation.cellCentre(of: place)
            return NearestReport(report: result.report, meters: PublicLocation.meters(location, centre))
        }
    }

    /// A stranger's nearby search: the missing reports whose circle, drawn around the cell's
    /// centre and widened by `margin`, holds `from`, nearest first by that centre (ties by
    /// id), at most `limit`; `count` is how many in all. The store is searched with the margin
    /// widened by the grid's reach (no limit), then measured again from the centres.
    func publicNearby(_ from: Coordinate, margin: SearchRadius, limit: Int, in store: any ReportStore) async throws
        -> NearbyResult
    {
        let widened = try SearchRadius(meters: margin.meters + publicLocation.reachMeters)
        let result = try await Self.storeCall { try await store.nearby(from, margin: widened, limit: nil) }
        var kept: [ReportMatch] = []
        for match in result.matches {
            let centre = publicLocation.cellCentre(of: match.coordinate)
            let meters = PublicLocation.meters(from, centre)
            guard meters <= match.radius.meters + margin.meters else { continue }
            kept.append(ReportMatch(id: match.id, coordinate: centre, radius: match.radius, meters: meters))
        }
        kept.sort { $0.precedes($1) }
        let shown = kept.prefix(limit).map {
            ReportMatch(
                id: $0.id, coordinate: $0.coordinate, radius: $0.radius, meters: PublicLocation.publicMeters($0.meters))
        }
        return NearbyResult(matches: Array(shown), count: kept.count, searched: result.searched)
    }
}
