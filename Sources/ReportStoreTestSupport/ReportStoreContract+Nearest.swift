public import Geodata
import Geodesy
public import ReportStore

/// The contract's check of the nearest open reports: identical to a brute-force sort.
extension ReportStoreContract {
    /// The page `query` asks for, by brute force over `reports`: every open report with a
    /// place of the kind asked for, measured with `geod_inverse`, nearest first, ties by id.
    public static func nearestReference(_ reports: [PetReport], _ query: NearestQuery) -> [NearestReport] {
        page(query, of: nearestReference(reports, from: query.location, kind: query.kind))
    }

    /// Every open report with a place of `kind` (`nil`: any) by brute force, nearest to
    /// `location` first, ties by id: the whole list the pages of one place and kind are cut from
    /// (``page(_:of:)``), so a large differential run measures and sorts once per place.
    public static func nearestReference(_ reports: [PetReport], from location: Coordinate, kind: ReportKind?)
        -> [NearestReport]
    {
        let query = NearestQuery(location: location, kind: kind)
        var measured: [NearestReport] = []
        for report in reports where query.includes(report) {
            guard let place = report.coordinate else { continue }
            measured.append(
                NearestReport(report: report, meters: Geodesic.wgs84.inverse(from: location, to: place).meters))
        }
        measured.sort { $0.precedes($1) }
        return measured
    }

    /// The page of `query` cut from the whole list of its place and kind.
    public static func page(_ query: NearestQuery, of all: [NearestReport]) -> [NearestReport] {
        Array(all.dropFirst(query.offset).prefix(query.limit))
    }

    /// Whether `result` is `expected`: the same reports in the same order, metres within 1 mm (a
    /// report expected without ``PetReport/renewedAt`` reads back with the time it was stored).
    public static func differences(_ result: [NearestReport], _ expected: [NearestReport]) -> String? {
        let ids = result.map(\.report.id)
        let expectedIDs = expected.map(\.report.id)
        if ids != expectedIDs {
            return "ids \(ids.prefix(8)) instead of \(expectedIDs.prefix(8)) (\(ids.count) vs \(expectedIDs.count))"
        }
        for (got, want) in zip(result, expected) {
            if abs(got.meters - want.meters) > 0.001 {
                return "\(got.report.id) at \(got.meters) m, not \(want.meters)"
            }
            if !stamped(got.report, as: want.report) { return "\(got.report.id) reads back differently from list()" }
        }
        return nil
    }

    /// Reports of both kinds in every status, some without a place, around Warsaw, across the
    /// antimeridian and near the north pole, with ties at one place.
    static func nearestReports() throws -> [PetReport] {
        var generator = SplitMix(seed: 32)
        var reports: [PetReport] = []
        for number in 0..<300 {
            let (latitude, longitude): (Double, Double) =
                switch number % 3 {
                case 0: (52 + generator.unit() * 2, 20 + generator.unit() * 3)
                case 1: (-16 + generator.unit() * 2, 179 + generator.unit() * 2)
                default: (88.5 + generator.unit() * 1.5, generator.unit() * 360 - 180)
                }
            let kind: ReportKind = number % 2 == 0 ? .missing : .found
            // Every status the kind has (a found report is never ACTIVE).
            let statuses = StatusTransitions.statuses(of: kind)
            var report = PetReport(id: "o-\(number)", kind: kind, status: statuses[number % 7 % statuses.count])
            if number % 11 != 5 { report.coordinate = place(latitude, longitude > 180 ? longitude - 360 : longitude) }
            if kind == .missing { report.radius = try SearchRadius(kilometers: 5) }
            report.species = number % 4 == 0 ? "CAT" : "DOG"
            if number % 3 != 0 { report.lastSeenDate = "2025-11-\(10 + number % 18)" }
            report.phone = "+48 600 000 \(number)"
            reports.append(report)
        }
        for (id, kind) in [("o-tie-b", ReportKind.found), ("o-tie-a", .missing), ("o-tie-c", .found)] {
            var report = PetReport(id: id, kind: kind)
            report.coordinate = place(52.3, 21.1)
            reports.append(report)
        }
        return reports
    }

    static func nearest(_ store: any ReportStore, _ log: inout [String]) async throws {
        let reports = try nearestReports()
        try await store.add(reports)
        let all = try await store.list(ReportListQuery(limit: ReportListQuery.maximumLimit))
        let places = [warsaw, place(52.3, 21.1), place(-15.5, 180), place(-15.5, -179.9), place(90, 0), place(0, 0)]
        for location in places {
            for kind in [nil, ReportKind.missing, .found] {
                var pages: [NearestReport] = []
                var offset = 0
                while offset <= all.count {
                    let query = NearestQuery(location: location, kind: kind, limit: 40, offset: offset)
                    let page = try await store.nearest(query)
                    if let difference = differences(page, nearestReference(all, query)) {
                        log.append("nearest \(location) \(kind?.rawValue ?? "any") from \(offset): \(difference)")
                    }
                    pages += page
                    offset += 40
                }
                let whole = nearestReference(all, NearestQuery(location: location, kind: kind, limit: 1000))
                if pages.map(\.report.id) != whole.map(\.report.id) {
                    log.append("the pages near \(location) do not add up to the whole list")
                }
                let first = try await store.nearest(NearestQuery(location: location, kind: kind, limit: 1))
                if let difference = differences(first, Array(whole.prefix(1))) {
                    log.append("nearest \(location) limit 1: \(difference)")
                }
            }
        }
        try await within(store, all, places, &log)
        // A closed report leaves the list; a reopened one comes back.
        let query = NearestQuery(location: place(52.3, 21.1), limit: 2)
        _ = try await store.setStatus(.closed, id: "o-tie-a")
        if try await store.nearest(query).map(\.report.id) != ["o-tie-b", "o-tie-c"] {
            log.append("a closed report stays in the nearest list")
        }
        _ = try await store.setStatus(.active, id: "o-tie-a")
        if try await store.nearest(query).map(\.report.id) != ["o-tie-a", "o-tie-b"] {
            log.append("the nearest list does not order ties by id, or misses a reopened report")
        }
        for report in reports { try await store.remove(id: report.id) }
        // What earlier checks left stays; none of these.
        let ids = Set(reports.map(\.id))
        let left = try await store.nearest(NearestQuery(location: place(52.3, 21.1), limit: NearestQuery.maximumLimit))
        if left.contains(where: { ids.contains($0.report.id) }) {
            log.append("removed reports stay in the nearest list")
        }
    }

    /// The open reports of a kind within a distance, and reports read by id in one call: each as
    /// the brute-force reference (``nearestReference(_:_:)`` cut at the distance) says.
    static func within(_ store: any ReportStore, _ all: [PetReport], _ places: [Coordinate], _ log: inout [String])
        async throws
    {
        for location in places {
            for kind in [ReportKind.missing, .found] {
                for meters in [0, 1, 60_000, 400_000, 2_000_000, 30_000_000] as [Double] {
                    let everything = nearestReference(all, NearestQuery(location: location, kind: kind, limit: 1000))
                    let expected = everything.filter { $0.meters <= meters }
                    let result = try await store.openReports(of: kind, within: meters, of: location)
                    if let difference = differences(result, expected) {
                        log.append("open \(kind.rawValue) reports within \(meters) m of \(location): \(difference)")
                    }
                }
            }
        }
        let ids = ["o-7", "no-such-report", "o-tie-b", "o-3", "o-7"]
        let read = try await store.reports(ids: ids).map(\.id)
        if read != ["o-7", "o-tie-b", "o-3", "o-7"] {
            log.append("reports(ids:) gave \(read), not the stored ones in the order asked")
        }
        if try await store.reports(ids: []).isEmpty == false { log.append("reports(ids: []) is not empty") }
    }
}
