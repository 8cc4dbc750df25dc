public import Geodata
import Geodesy
import ReportSteps
public import ReportStore

/// Possible matches, the point of a lost-and-found service: for a found report, the open
/// missing reports whose search circle (widened by `margin`) holds the place it was found, of
/// the same species, last seen on or before the day it was found; for a missing report, the
/// open found reports inside its circle found since it was lost. A known opposite sex is no
/// match; the same microchip number is the best match (``Match/sameMicrochip``) — and an open
/// report of the other kind with the same chip (``MicrochipKey``) matches wherever and whenever
/// it was reported, after the chip matches by place; the rest are ranked by how deep inside the
/// circle the found place is and how recent the loss (``Match/score``).
///
/// Built on the store's searches (``ReportStore/nearby(_:margin:limit:)`` and
/// ``ReportStore/openReports(of:within:of:)``), so SQLite and PostgreSQL + PostGIS give the same
/// matches; each direction is three store calls at most (the third by chip), whatever the number
/// of candidates.
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
        /// Both reports give the same microchip number: the best match whatever the score
        /// (ranked above every other).
        public var sameMicrochip: Bool = false
        /// The found place is outside the missing report's circle (widened by the margin), within
        /// how far its species wanders by the day it was found (``Wander``): ranked after every
        /// match inside a circle.
        public var beyondCircle: Bool = false

        /// Whether this ranks before `other` (``ranks(_:before:)``).
        func ranks(before other: Match) -> Bool {
            ReportMatching.ranks(
                (sameMicrochip, beyondCircle, score, report.id),
                before: (other.sameMicrochip, other.beyondCircle, other.score, other.report.id))
        }
    }

    /// The order of matches: a microchip match first, then those inside the circle before those
    /// beyond it, then the higher score, then the identifier.
    static func ranks(
        _ one: (chip: Bool, beyond: Bool, score: Double, id: String),
        before other: (chip: Bool, beyond: Bool, score: Double, id: String)
    ) -> Bool {
        if one.chip != other.chip { return one.chip }
        if one.beyond != other.beyond { return other.beyond }
        return one.score != other.score ? one.score > other.score : ReportID.precedes(one.id, other.id)
    }

    /// The matches of `report`, best first (ties by id), at most `limit`; none for a report
    /// that is not open or has no place (a missing one: no radius).
    ///
    /// With `public` (a stranger asks: ``PublicLocation``), which reports match is still decided
    /// by the exact places, but each distance — and so the rank — is measured from the missing
    /// report's cell's centre: the list narrows no place below its cell.
    public static func matches(
        for report: PetReport, in store: any ReportStore, margin: SearchRadius, limit: Int,
        public grid: PublicLocation? = nil
    ) async throws(ReportStoreError) -> [Match] {
        if report.kind == .missing {
            return try await foundMatches(for: report, in: store, margin: margin, limit: limit, public: grid)
        }
        guard report.kind == .found, report.status == .found, let place = report.coordinate else { return [] }
        // Every report within reach is a candidate: the nearest are not always the best (a loss
        // yesterday 3 km away outranks one of last month 1 km away), so no cut before ranking.
        // Ranking needs only each candidate's species and day: the stores return them with the
        // search (ReportMatch.facts, the contract checks it; a match without them is read
        // whole); the page's matches are then read whole (one more call).
        // Widened by the farthest any species wanders (Wander): each candidate is then held to
        // its own circle, or its species' reach beyond it by the day it was found.
        let widened = (try? SearchRadius(meters: margin.meters + Wander.farthestMeters)) ?? margin
        let near = try await store.nearby(place, margin: widened, limit: nil)
        let unknown = near.matches.filter { $0.facts == nil }.map(\.id)
        let read = unknown.isEmpty ? [:] : try await facts(of: unknown, in: store)
        let foundDay = report.lastSeenDate.flatMap(day)
        var scored: [(chip: Bool, beyond: Bool, score: Double, id: String, meters: Double)] = []
        for candidate in near.matches {
            // A report removed since the search is left out.
            guard let fact = candidate.facts ?? read[candidate.id], sameSpecies(fact.species, report.species),
                !oppositeSex(fact.gender, report.gender),
                let days = days(from: fact.lastSeenDate.flatMap(day), to: foundDay)
            else { continue }
            let reach = candidate.radius.meters + margin.meters
            let beyond = candidate.meters > reach
            if beyond, candidate.meters > reach + Wander.meters(species: fact.species, days: days) { continue }
            let meters =
                grid.map { PublicLocation.meters(place, $0.cellCentre(of: candidate.coordinate)) }
                ?? candidate.meters
            let depth = beyond ? 0 : depth(meters, within: reach)
            let chip = sameMicrochip(fact.microchipNumber, report.microchipNumber)
            scored.append((chip, beyond, score(depth: depth, days: days), candidate.id, meters))
        }
        let chipOnly = try await chipOnly(
            for: report, kind: .missing, matched: Set(scored.map(\.id)), in: store
        ) { center in
            grid.map { PublicLocation.meters(place, $0.cellCentre(of: center)) }
                ?? Geodesic.wgs84.inverse(from: place, to: center).meters
        }
        scored += chipOnly.map { (true, true, $0.score, $0.report.id, $0.meters) }
        scored.sort { ranks(($0.chip, $0.beyond, $0.score, $0.id), before: ($1.chip, $1.beyond, $1.score, $1.id)) }
        let page = scored.prefix(max(limit, 0))
        let whole = try await store.reports(ids: page.map(\.id))
        let byID = Dictionary(whole.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return page.compactMap { entry in
            byID[entry.id].map {
                Match(
                    report: $0, meters: entry.meters, score: entry.score, sameMicrochip: entry.chip,
                    beyondCircle: entry.beyond)
            }
        }
    }

    /// A missing report's matches: the open found reports inside its circle (widened by
    /// `margin`, and beyond it as far as its species wanders by the day found: ``Wander``), of
    /// its species, found on or after the day it was lost — read in one store call
    /// (``ReportStore/openReports(of:within:of:)``), then ranked as a found report's are.
    static func foundMatches(
        for missing: PetReport, in store: any ReportStore, margin: SearchRadius, limit: Int,
        public grid: PublicLocation?
    ) async throws(ReportStoreError) -> [Match] {
        guard missing.kind == .missing, missing.status == .active, let center = missing.coordinate,
            let radius = missing.radius
        else { return [] }
        let reach = radius.meters + margin.meters
        let lostDay = missing.lastSeenDate.flatMap(day)
        var matches: [Match] = []
        let wander = Wander.meters(species: missing.species, days: Wander.days)
        for near in try await store.openReports(of: .found, within: reach + wander, of: center) {
            guard sameSpecies(missing.species, near.report.species), !oppositeSex(missing.gender, near.report.gender),
                let days = days(from: lostDay, to: near.report.lastSeenDate.flatMap(day))
            else { continue }
            let beyond = near.meters > reach
            if beyond, near.meters > reach + Wander.meters(species: missing.species, days: days) { continue }
            let meters =
                grid.flatMap { grid in
                    near.report.coordinate.map { PublicLocation.meters(grid.cellCentre(of: center), $0) }
                } ?? near.meters
            let depth = beyond ? 0 : depth(meters, within: reach)
            matches.append(
                Match(
                    report: near.report, meters: meters, score: score(depth: depth, days: days),
                    sameMicrochip: sameMicrochip(missing.microchipNumber, near.report.microchipNumber),
                    beyondCircle: beyond))
        }
        matches += try await chipOnly(
            for: missing, kind: .found, matched: Set(matches.map(\.report.id)), in: store
        ) { place in
            grid.map { PublicLocation.meters($0.cellCentre(of: center), place) }
                ?? Geodesic.wgs84.inverse(from: center, to: place).meters
        }
        return ranked(matches, limit: limit)
    }

    /// The species and day of the stored reports of `ids`, read whole.
    static func facts(of ids: [String], in store: any ReportStore) async throws(ReportStoreError)
        -> [String: MatchFacts]
    {
        Dictionary(
            try await store.reports(ids: ids).map { ($0.id, $0.matchFacts) }, uniquingKeysWith: { first, _ in first })
    }

    /// How deep inside a circle of `reach` metres a place `meters` from its centre is: 1 at the
    /// centre, 0 on the edge (1 for a circle of no size).
    static func depth(_ meters: Double, within reach: Double) -> Double {
        reach > 0 ? max(0, min(1, 1 - meters / reach)) : 1
    }

    /// 0.6 × depth inside the circle + 0.4 × 30 / (30 + days).
    static func score(depth: Double, days: Int) -> Double { 0.6 * depth + 0.4 * 30 / (30 + Double(days)) }

    /// Best first (``Match/ranks(before:)``), at most `limit`.
    static func ranked(_ matches: [Match], limit: Int) -> [Match] {
        let sorted = matches.sorted { $0.ranks(before: $1) }
        return Array(sorted.prefix(limit))
    }

    /// Both species known and equal, or either unknown (a report imported with a place only).
    static func sameSpecies(_ one: String?, _ other: String?) -> Bool {
        guard let one, let other else { return true }
        return one.uppercased() == other.uppercased()
    }

    /// Days from the loss to the find: `nil` when the pet was found before it was lost; 0 when
    /// either day is unknown.
    static func days(from lost: CalendarDay?, to found: CalendarDay?) -> Int? {
        guard let lost, let found else { return 0 }
        let days = found.daysSince1970 - lost.daysSince1970
        return days >= 0 ? days : nil
    }

    /// A stored day (`YYYY-MM-DD`), or `nil`. Ranking reads thousands of them a query, so the
    /// stored form is read from its bytes; any other text goes through
    /// ``CalendarDay/init(parsing:)`` as before (the same days: `ReportMatchingTests`).
    static func day(_ text: String) -> CalendarDay? {
        var bytes = text.utf8.makeIterator()
        var numbers = [0, 0, 0]
        for (index, length) in [4, 2, 2].enumerated() {
            for _ in 0..<length {
                guard let byte = bytes.next(), (0x30...0x39).contains(byte) else {
                    return try? CalendarDay(parsing: text)
                }
                numbers[index] = numbers[index] * 10 + Int(byte - 0x30)
            }
            let separator = bytes.next()
            guard index == 2 ? separator == nil : separator == 0x2D else { return try? CalendarDay(parsing: text) }
        }
        return try? CalendarDay(year: numbers[0], month: numbers[1], day: numbers[2])
    }
}
