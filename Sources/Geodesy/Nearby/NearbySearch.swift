public import Geodata

/// Which missing-pet reports a found pet is within reach of, nearest first; fast for millions
/// of reports.
///
/// ```swift
/// let search = NearbySearch(reports: reports)         // once: sorts and indexes the reports
/// let matches = search.matches(near: foundAt)         // [NearbyMatch], nearest first
/// matches.first?.report.id                            // "r-17"
/// matches.first?.meters                               // 3208.41…
/// ```
///
/// A report is *within reach* when the geodesic distance from the found pet to the report's
/// place is at most the report's radius plus `margin`. Matches are sorted by that distance,
/// ties by the reports' order.
///
/// ## How it stays exact
/// ``matches(near:margin:)`` returns exactly what ``bruteForceMatches(near:margin:)`` does —
/// the exact geodesic to every report — with the same distances to the last bit: both compute
/// each distance with the same `geod_inverse` call, and the fast path only skips reports that
/// two lower bounds on the geodesic distance prove out of reach:
///
/// 1. **Latitude band.** No path between two parallels is shorter than the meridian arc between
///    them, which is at least `a(1 − e²) = 6,335,439 m` per radian of latitude (the meridian's
///    smallest radius of curvature, at the equator). Reports are grouped by radius (one group per
///    power of two of metres) and sorted by latitude, so a binary search finds each group's band.
/// 2. **Chord.** The straight line through the Earth between two points (from their
///    Earth-centred x, y, z, computed once per report) is never longer than the geodesic.
///
/// Each bound is loosened by 1 mm plus 1e-9 of the reach, far more than the rounding error of
/// either computation, so no report within reach is ever skipped.
public struct NearbySearch: Sendable {
    /// The reports, in the order given.
    public let reports: [NearbyReport]
    private let groups: [RadiusGroup]

    /// Indexes `reports` (O(n log n)).
    public init(reports: [NearbyReport]) {
        self.reports = reports
        var byClass: [Int: [Int]] = [:]
        for (index, report) in reports.enumerated() {
            byClass[RadiusGroup.radiusClass(report.radius.meters), default: []].append(index)
        }
        groups = byClass.keys.sorted().compactMap { key in
            byClass[key].map { RadiusGroup(indices: $0, reports: reports) }
        }
    }

    /// The reports within reach of `location`, nearest first.
    ///
    /// - Parameters:
    ///   - location: Where the pet was found.
    ///   - margin: Extra reach added to every report's radius (zero: the radius alone).
    public func matches(near location: Coordinate, margin: SearchRadius = .zero) -> [NearbyMatch] {
        let point = EarthCentred(location)
        var found: [NearbyMatch] = []
        for group in groups {
            group.collect(near: location, point: point, margin: margin.meters, reports: reports, into: &found)
        }
        return Self.sorted(found)
    }

    /// The same answer as ``matches(near:margin:)``, found the slow way: the exact geodesic
    /// to every report. The reference the fast path is tested and benchmarked against.
    public func bruteForceMatches(near location: Coordinate, margin: SearchRadius = .zero) -> [NearbyMatch] {
        let kernel = Geodesic.wgs84.kernel
        let latitude = location.latitude.degrees
        let longitude = location.longitude.degrees
        var found: [NearbyMatch] = []
        for (index, report) in reports.enumerated() {
            let meters = kernel.inverse(
                latitude1: latitude, longitude1: longitude,
                latitude2: report.coordinate.latitude.degrees, longitude2: report.coordinate.longitude.degrees
            ).distance
            if meters <= report.radius.meters + margin.meters {
                found.append(NearbyMatch(index: index, report: report, meters: meters))
            }
        }
        return Self.sorted(found)
    }

    private static func sorted(_ matches: [NearbyMatch]) -> [NearbyMatch] {
        matches.sorted { ($0.meters, $0.index) < ($1.meters, $1.index) }
    }
}
