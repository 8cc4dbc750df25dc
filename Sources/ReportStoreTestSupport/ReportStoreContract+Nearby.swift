public import Geodata
import Geodesy
public import ReportStore

/// The contract's check of nearby search: identical to `NearbySearch` over the same reports.
extension ReportStoreContract {
    /// What `NearbySearch` finds over the open missing reports of `reports`, in identifier order.
    public static func reference(_ reports: [PetReport], near location: Coordinate, margin: SearchRadius) throws
        -> [ReportMatch]
    {
        let entries = reports.compactMap(\.nearbyEntry).sorted { ReportID.precedes($0.id, $1.id) }
        return NearbySearch(reports: entries).matches(near: location, margin: margin).map {
            ReportMatch(id: $0.report.id, coordinate: $0.report.coordinate, radius: $0.report.radius, meters: $0.meters)
        }
    }

    /// Whether `result` is `expected`: the same ids in the same order, metres within 1 mm.
    public static func differences(_ result: [ReportMatch], _ expected: [ReportMatch]) -> String? {
        if result.map(\.id) != expected.map(\.id) {
            return
                "ids \(result.prefix(8).map(\.id)) instead of \(expected.prefix(8).map(\.id)) (\(result.count) vs \(expected.count))"
        }
        for (got, want) in zip(result, expected) where abs(got.meters - want.meters) > 0.001 {
            return "\(got.id) at \(got.meters) m instead of \(want.meters) m"
        }
        return nil
    }

    static func nearby(_ store: any ReportStore, _ log: inout [String]) async throws {
        var generator = SplitMix(seed: 18)
        var reports: [PetReport] = []
        for number in 0..<400 {
            // Around Warsaw, across the antimeridian, and near the north pole.
            let (latitude, longitude): (Double, Double) =
                switch number % 4 {
                case 0, 1: (52 + generator.unit() * 2, 20 + generator.unit() * 3)
                case 2: (-16 + generator.unit() * 2, 179 + generator.unit() * 2)
                default: (88.5 + generator.unit() * 1.5, generator.unit() * 360 - 180)
                }
            let clamped = longitude > 180 ? longitude - 360 : longitude
            var report = try missing("n-\(number)", latitude, clamped, km: generator.unit() * 120)
            if number % 10 == 3 { report.status = .closed }
            if number % 3 > 0 { report.species = number % 3 == 1 ? "DOG" : "CAT" }
            if number % 5 > 0 { report.lastSeenDate = "2025-11-\(10 + number % 5)" }
            reports.append(report)
        }
        // Two reports at one place: ties go by id.
        reports.append(try missing("n-tie-b", 52.5, 21, km: 50))
        reports.append(try missing("n-tie-a", 52.5, 21, km: 50))
        try await store.add(reports)
        let all = try await store.list(ReportListQuery(limit: ReportListQuery.maximumLimit))
        let queries = [
            warsaw, place(52.5, 21), place(-15.5, 180), place(-15.5, -179.9), place(90, 0), place(89.9, -120),
            place(0, 0),
        ]
        for query in queries {
            for margin in [SearchRadius.zero, try SearchRadius(kilometers: 25)] {
                let result = try await store.nearby(query, margin: margin, limit: nil)
                let expected = try reference(all, near: query, margin: margin)
                if let difference = differences(result.matches, expected) {
                    log.append("nearby \(query) margin \(margin): \(difference)")
                }
                if result.count != expected.count { log.append("nearby count \(result.count) ≠ \(expected.count)") }
                for match in result.matches {
                    let stored = all.first { $0.id == match.id }?.matchFacts
                    if match.facts != stored {
                        log.append(
                            "nearby gave \(match.id) the facts \(String(describing: match.facts)), not \(String(describing: stored))"
                        )
                    }
                }
                let limited = try await store.nearby(query, margin: margin, limit: 3)
                if limited.matches.map(\.id) != Array(expected.prefix(3)).map(\.id) || limited.count != expected.count {
                    log.append("nearby with limit 3 gave \(limited.matches.map(\.id)) of \(limited.count)")
                }
            }
        }
        for report in reports { try await store.remove(id: report.id) }
    }
}
