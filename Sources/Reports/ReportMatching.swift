public import Geodesy
import ReportSteps
public import ReportStore

/// Possible matches, the point of a lost-and-found service: for a found report, the open
/// missing reports whose search circle (widened by `margin`) holds the place it was found, of
/// the same species, last seen on or before the day it was found; ranked by how deep inside
/// the circle the place is and how recent the loss (``score``).
///
/// Built on the store's nearby search (``ReportStore/nearby(_:margin:limit:)``), so SQLite,
/// PostgreSQL + PostGIS and the in-process search give the same matches.
///
/// ```swift
/// let matches = try await ReportMatching.matches(for: found, in: store, margin: .zero, limit: 10)
/// matches.first?.report.id     // the missing report most likely the found pet's
/// ```
public enum ReportMatching {
    /// One possible match: the other report, how far its place is, and its rank.
    public struct Match: Sendable, Hashable {
        public let report: PetReport
        /// Metres between the two reports' places (geodesic).
        public let meters: Double
        /// 0…1: 0.6 × depth inside the circle + 0.4 × 30 / (30 + days between loss and find).
        public let score: Double
    }

    /// The matches of `report`, best first (ties by id), at most `limit`; none for a report
    /// that is not an open found report with a place.
    public static func matches(for report: PetReport, in store: any ReportStore, margin: SearchRadius, limit: Int)
        async throws(ReportStoreError) -> [Match]
    {
        guard report.kind == .found, report.status == .found, let place = report.coordinate else { return [] }
        // Every report within reach is a candidate: the nearest are not always the best (a loss
        // yesterday 3 km away outranks one of last month 1 km away), so no cut before ranking.
        // Each candidate is read whole (species, day lost): one store call per report within
        // reach, not one query — the cost a store-side match query would save.
        let near = try await store.nearby(place, margin: margin, limit: nil)
        var matches: [Match] = []
        for candidate in near.matches {
            let missing: PetReport
            do throws(ReportStoreError) {
                missing = try await store.report(id: candidate.id)
            } catch  where error.reason == .notFound {
                continue  // removed since the search
            }
            guard sameSpecies(missing, report), let days = days(from: missing.lastSeenDate, to: report.lastSeenDate)
            else { continue }
            let reach = candidate.radius.meters + margin.meters
            let depth = reach > 0 ? max(0, min(1, 1 - candidate.meters / reach)) : 1
            let score = 0.6 * depth + 0.4 * 30 / (30 + Double(days))
            matches.append(Match(report: missing, meters: candidate.meters, score: score))
        }
        matches.sort { $0.score != $1.score ? $0.score > $1.score : ReportID.precedes($0.report.id, $1.report.id) }
        return Array(matches.prefix(limit))
    }

    /// Both species known and equal, or either unknown (a report imported with a place only).
    static func sameSpecies(_ missing: PetReport, _ found: PetReport) -> Bool {
        guard let one = missing.species, let other = found.species else { return true }
        return one.uppercased() == other.uppercased()
    }

    /// Days from the loss to the find: `nil` when the pet was found before it was lost; 0 when
    /// either day is unknown.
    static func days(from lost: String?, to found: String?) -> Int? {
        guard let lost = lost.flatMap(day), let found = found.flatMap(day) else { return 0 }
        let days = found.daysSince1970 - lost.daysSince1970
        return days >= 0 ? days : nil
    }

    /// `YYYY-MM-DD` as a day, or `nil`.
    static func day(_ text: String) -> CalendarDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return try? CalendarDay(year: parts[0], month: parts[1], day: parts[2])
    }
}
