import Foundation
import Geodata
import Geodesy
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// Possible matches (``ReportMatching``), found → missing and missing → found: the rules
/// (species, sex, microchip, the day lost, the margin, the ranking), and the same matches from SQLite,
/// PostgreSQL + PostGIS and a brute-force reference over the same random reports.
@Suite(.serialized, .timeLimit(.minutes(DifferentialScale.isLarge ? 120 : 10)))
struct ReportMatchingTests {
    static let species = ["DOG", "CAT", "BIRD"]
    static let sexes: [String?] = ["FEMALE", "MALE", nil]

    /// A 15-digit microchip number made from `number`.
    static func chip(_ number: Int) -> String { "9851000\(String(format: "%08d", number))" }

    /// The brute-force rules beside the circle and the day: a known opposite sex is no match.
    static func oppositeSex(_ one: PetReport, _ other: PetReport) -> Bool {
        guard let one = one.gender, let other = other.gender else { return false }
        return one != other
    }

    /// The same microchip digits on both.
    static func sameChip(_ one: PetReport, _ other: PetReport) -> Bool {
        let digits = { (report: PetReport) in report.microchipNumber?.filter(\.isNumber) ?? "" }
        return !digits(one).isEmpty && digits(one) == digits(other)
    }

    /// Ids best first: a microchip match, then inside a circle before beyond it, then the score,
    /// then the id.
    typealias Candidate = (id: String, score: Double, chip: Bool, beyond: Bool)

    static func ranked(_ scored: [Candidate], limit: Int) -> [String] {
        scored.sorted {
            if $0.chip != $1.chip { return $0.chip }
            if $0.beyond != $1.beyond { return $1.beyond }
            return $0.score != $1.score ? $0.score > $1.score : ReportID.precedes($0.id, $1.id)
        }
        .prefix(limit).map(\.id)
    }

    /// The day of the month of a generated `2025-11-DD` day.
    static func dayOfMonth(_ day: String) -> Int { Int(day.suffix(2)) ?? 0 }

    /// How far beyond its circle a missing pet is looked for `days` after the loss (the rule as
    /// Docs/Service.md states it: dogs 1.6 km, cats 500 m, growing over 14 days).
    static func wander(_ species: String?, days: Double) -> Double {
        let full = species == "DOG" ? 1_600.0 : species == "CAT" ? 500 : 0
        return full * min(max(days, 0), 14) / 14
    }

    /// A candidate `meters` from the centre of a circle of `reach`, lost `days` before: its score
    /// and whether it is beyond the circle, or `nil` when it is farther than its species wanders.
    static func rated(meters: Double, reach: Double, days: Double, species: String?) -> (Double, Bool)? {
        let beyond = meters > reach
        if beyond, meters > reach + wander(species, days: days) { return nil }
        return (0.6 * (beyond ? 0 : max(0, 1 - meters / reach)) + 0.4 * 30 / (30 + days), beyond)
    }

    /// 3,000 missing reports around Warsaw (radii 0.2–20 km, three species, lost in November
    /// 2025, a tenth closed) and 40 found reports among them; in a large run
    /// (``DifferentialScale``), that many missing reports and 500 found ones.
    static func reports() throws -> (missing: [PetReport], found: [PetReport]) {
        var generator = SplitMix(seed: 3206)
        var missing: [PetReport] = []
        for number in 0..<DifferentialScale.reports(standard: 3_000) {
            var report = try PetReport.missing(
                id: "m-\(number)",
                coordinate: Coordinate(latitude: 52 + generator.unit() * 0.5, longitude: 20.8 + generator.unit() * 0.6),
                radius: SearchRadius(kilometers: 0.2 + generator.unit() * 20))
            report.species = species[number % 3]
            report.lastSeenDate = "2025-11-\(String(format: "%02d", 1 + Int(generator.unit() * 29)))"
            report.gender = sexes[number % 3]
            report.microchipNumber = number % 50 == 0 ? chip(number / 50) : nil
            if number % 10 == 9 { report.status = .closed }
            missing.append(report)
        }
        let found = try (0..<(DifferentialScale.isLarge ? 500 : 40)).map { number in
            var report = PetReport(id: "f-\(number)", kind: .found)
            report.coordinate = try Coordinate(
                latitude: 52 + generator.unit() * 0.5, longitude: 20.8 + generator.unit() * 0.6)
            report.species = number % 7 == 0 ? nil : species[number % 3]
            report.lastSeenDate = "2025-11-\(String(format: "%02d", 10 + number % 20))"
            report.gender = sexes[(number / 2) % 3]
            // Every fourth found report reads a chip some missing report has (spaced as people type it).
            report.microchipNumber =
                number % 4 == 0 ? chip(number % 60).replacingOccurrences(of: "00", with: "0-0") : nil
            return report
        }
        return (missing, found)
    }

    /// What the rules say, by brute force over every report: the expected ids in order.
    static func reference(_ found: PetReport, _ missing: [PetReport], margin: SearchRadius, limit: Int) -> [String] {
        guard let place = found.coordinate else { return [] }
        let scored = missing.compactMap { report -> Candidate? in
            guard report.status == .active, let center = report.coordinate, let radius = report.radius,
                !oppositeSex(report, found)
            else {
                return nil
            }
            let meters = Geodesic.wgs84.inverse(from: place, to: center).meters
            let reach = radius.meters + margin.meters
            if let species = found.species, let other = report.species, species != other { return nil }
            guard let lost = report.lastSeenDate, let day = found.lastSeenDate, lost <= day else { return nil }
            let days = Double(Self.dayOfMonth(day) - Self.dayOfMonth(lost))
            guard let (score, beyond) = Self.rated(meters: meters, reach: reach, days: days, species: report.species)
            else { return nil }
            return (report.id, score, sameChip(report, found), beyond)
        }
        return ranked(scored + chipOnly(found, missing, matched: scored), limit: limit)
    }

    /// The open reports of `others` with `report`'s chip key and a place that the rules by
    /// place left out: matches wherever and whenever, after the chip matches by place.
    static func chipOnly(_ report: PetReport, _ others: [PetReport], matched: [Candidate]) -> [Candidate] {
        guard let key = MicrochipKey.key(report.microchipNumber) else { return [] }
        let ids = Set(matched.map(\.id))
        return others.filter { other in
            other.isOpen && other.coordinate != nil && !ids.contains(other.id)
                && MicrochipKey.key(other.microchipNumber) == key
        }
        .map { ($0.id, 0, true, true) }
    }

    /// A missing report's found matches, by brute force.
    static func foundReference(_ lost: PetReport, _ found: [PetReport], margin: SearchRadius, limit: Int) -> [String] {
        guard lost.status == .active, let center = lost.coordinate, let radius = lost.radius else { return [] }
        let scored = found.compactMap { report -> Candidate? in
            guard let place = report.coordinate, !oppositeSex(report, lost) else { return nil }
            let meters = Geodesic.wgs84.inverse(from: center, to: place).meters
            let reach = radius.meters + margin.meters
            if let species = report.species, let other = lost.species, species != other { return nil }
            guard let day = report.lastSeenDate, let since = lost.lastSeenDate, since <= day else { return nil }
            let days = Double(Self.dayOfMonth(day) - Self.dayOfMonth(since))
            guard let (score, beyond) = Self.rated(meters: meters, reach: reach, days: days, species: lost.species)
            else { return nil }
            return (report.id, score, sameChip(report, lost), beyond)
        }
        return ranked(scored + chipOnly(lost, found, matched: scored), limit: limit)
    }

    static func compare(_ store: any ReportStore, _ missing: [PetReport], _ found: [PetReport]) async throws -> Int {
        _ = try await store.importReports(ReportArraySource(reports: missing + found), skipInvalid: false)
        var matched = 0
        for (index, report) in found.enumerated() {
            let margin = try SearchRadius(kilometers: index % 2 == 0 ? 1 : 0)
            let matches = try await ReportMatching.matches(for: report, in: store, margin: margin, limit: 10)
            #expect(matches.map(\.report.id) == reference(report, missing, margin: margin, limit: 10), "\(report.id)")
            matched += matches.count
        }
        // 120 missing reports (500 in a large run): with the found ones, 1,000 queries.
        let every = max(1, missing.count / (DifferentialScale.isLarge ? 500 : 120))
        var queries = found.count
        for (index, lost) in missing.enumerated() where index % every == 0 {
            queries += 1
            let margin = try SearchRadius(kilometers: index % 2 == 0 ? 1 : 0)
            let matches = try await ReportMatching.matches(for: lost, in: store, margin: margin, limit: 10)
            #expect(matches.map(\.report.id) == foundReference(lost, found, margin: margin, limit: 10), "\(lost.id)")
            matched += matches.count
        }
        print("\(queries) match queries over \(missing.count + found.count) reports, \(matched) matches")
        return matched
    }

    @Test func sqliteGivesExactlyWhatTheRulesSay() async throws {
        let (missing, found) = try Self.reports()
        let path = FileManager.default.temporaryDirectory.path + "/petspot-matches-\(UUID()).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteReportStore(path: path)
        let matched = try await Self.compare(store, missing, found)
        #expect(matched > 100, "the reports overlap enough to rank: \(matched) matches")
        await store.close()
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func postgisGivesTheSameMatches() async throws {
        let (missing, found) = try Self.reports()
        let server = try await PostgresServer.start()
        do {
            let store = try await PostgresReportStore.open(try await server.createDatabase())
            let matched = try await Self.compare(store, missing, found)
            #expect(matched > 100)
            await store.close()
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    @Test func theRulesPickAndRankMatchesBothWays() async throws {
        let path = FileManager.default.temporaryDirectory.path + "/petspot-matches-\(UUID()).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteReportStore(path: path)
        var lost = try PetReport.missing(
            id: "luna", coordinate: Coordinate(latitude: 52.2297, longitude: 21.0122),
            radius: SearchRadius(kilometers: 5))
        lost.species = "DOG"
        lost.lastSeenDate = "2025-11-17"
        var found = PetReport(id: "found", kind: .found)
        found.coordinate = try Coordinate(latitude: 52.25, longitude: 21.0)
        found.species = "DOG"
        found.lastSeenDate = "2025-11-18"
        try await store.add([lost, found])
        let matches = try await ReportMatching.matches(for: found, in: store, margin: .zero, limit: 10)
        #expect(matches.map(\.report.id) == ["luna"])
        #expect(abs(matches[0].score - (0.6 * (1 - matches[0].meters / 5000) + 0.4 * 30 / 31)) < 1e-12)
        #expect(
            try await ReportMatching.matches(for: lost, in: store, margin: .zero, limit: 10).map(\.report.id) == [
                "found"
            ])
        // Found before it was lost, another species, or closed: none.
        var early = found
        early.lastSeenDate = "2025-11-16"
        var cat = found
        cat.species = "CAT"
        var closed = found
        closed.status = .closed
        for report in [early, cat, closed] {
            #expect(try await ReportMatching.matches(for: report, in: store, margin: .zero, limit: 10).isEmpty)
        }
        #expect(ReportMatching.distanceText(850.4) == "850 m" && ReportMatching.distanceText(2407.6) == "2.4 km")
        await store.close()
    }

    /// A found dog 1 km outside a missing dog's 5 km circle: matched (ranked after one inside)
    /// when found 14 days after the loss, not when found the next day; a cat that far, never.
    @Test func aSearchRunningAWhileReachesAsFarAsItsSpeciesWanders() async throws {
        let path = FileManager.default.temporaryDirectory.path + "/petspot-matches-\(UUID()).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteReportStore(path: path)
        let center = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        var lost = try PetReport.missing(id: "lost", coordinate: center, radius: SearchRadius(kilometers: 5))
        lost.species = "DOG"
        lost.lastSeenDate = "2025-11-01"
        var cat = try PetReport.missing(id: "cat", coordinate: center, radius: SearchRadius(kilometers: 5))
        cat.species = "CAT"
        cat.lastSeenDate = "2025-11-01"
        func found(_ id: String, km: Double, day: String, species: String) throws -> PetReport {
            var report = PetReport(id: id, kind: .found, status: .found)
            report.coordinate = try Geodesic.wgs84.destination(from: center, bearing: 90, distance: km * 1000)
                .coordinate
            report.species = species
            report.lastSeenDate = day
            return report
        }
        try await store.add([
            lost, cat, try found("inside", km: 4, day: "2025-11-15", species: "DOG"),
            try found("beyond-late", km: 6, day: "2025-11-15", species: "DOG"),
            try found("beyond-early", km: 6, day: "2025-11-02", species: "DOG"),
            try found("cat-beyond", km: 6, day: "2025-11-15", species: "CAT"),
        ])
        let matches = try await ReportMatching.matches(for: lost, in: store, margin: .zero, limit: 10)
        #expect(matches.map(\.report.id) == ["inside", "beyond-late"])
        #expect(matches.map(\.beyondCircle) == [false, true])
        let late = try await store.report(id: "beyond-late")
        #expect(
            try await ReportMatching.matches(for: late, in: store, margin: .zero, limit: 10).map(\.report.id) == [
                "lost"
            ])
        #expect(try await ReportMatching.matches(for: cat, in: store, margin: .zero, limit: 10).isEmpty)
        await store.close()
    }
}
