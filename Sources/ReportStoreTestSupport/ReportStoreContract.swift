public import Geodata
public import Geodesy
public import ReportStore

/// The implementation requirements of ``ReportStore`` as a check every store must pass: the
/// SQLite store, the PostgreSQL store, any other. Like swift-log's shared `LogHandler` test.
///
/// ```swift
/// let violations = await ReportStoreContract.check { try SQLiteReportStore(path: path) }
/// #expect(violations.isEmpty, "\(violations)")
/// ```
///
/// `open` must give the same, initially empty, store each time it is called: the check
/// closes it and opens it again to see that what was acknowledged lasts.
public enum ReportStoreContract {
    /// Runs every check; returns each broken requirement as a sentence (empty: it conforms).
    public static func check(open: @Sendable () async throws -> any ReportStore) async -> [String] {
        var log = Violations()
        let store: any ReportStore
        do {
            store = try await open()
        } catch {
            return ["could not open the store: \(error)"]
        }
        await log.run("a new store") { try await empty(store, &$0) }
        await log.run("adding and reading") { try await addAndRead(store, &$0) }
        await log.run("duplicates and invalid reports") { try await refusals(store, &$0) }
        await log.run("listing") { try await listing(store, &$0) }
        await log.run("status and removal") { try await statusAndRemoval(store, &$0) }
        await log.run("imports") { try await imports(store, &$0) }
        await log.run("large imports") { try await largeImports(store, &$0) }
        await log.run("nearby") { try await nearby(store, &$0) }
        let before = try? await store.list(ReportListQuery(limit: ReportListQuery.maximumLimit))
        await store.close()
        await log.run("reopening") {
            let again = try await open()
            let after = try await again.list(ReportListQuery(limit: ReportListQuery.maximumLimit))
            if after != before { $0.append("what was stored before closing differs after opening it again") }
            let near = try await again.nearby(warsaw, margin: .zero, limit: nil)
            let expected = try reference(after, near: warsaw, margin: .zero)
            if near.matches.map(\.id) != expected.map(\.id) {
                $0.append("nearby after reopening: \(near.matches.map(\.id)) instead of \(expected.map(\.id))")
            }
            await again.close()
        }
        return log.items
    }

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

    static let warsaw = (try? Coordinate(latitude: 52.2297, longitude: 21.0122)) ?? place(0, 0)

    /// A coordinate from checked degrees (the contract's own constants and generated values).
    static func place(_ latitude: Double, _ longitude: Double) -> Coordinate {
        guard let latitude = try? Latitude(degrees: latitude), let longitude = try? Longitude(degrees: longitude) else {
            preconditionFailure("the contract made a coordinate out of range: \(latitude), \(longitude)")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    static func missing(_ id: String, _ latitude: Double, _ longitude: Double, km: Double) throws -> PetReport {
        try PetReport.missing(id: id, coordinate: place(latitude, longitude), radius: SearchRadius(kilometers: km))
    }

    private static func empty(_ store: any ReportStore, _ log: inout [String]) async throws {
        if try await store.count() != 0 { log.append("a new store is not empty") }
        if try await !store.list(ReportListQuery()).isEmpty { log.append("a new store lists reports") }
        if try await store.nearby(warsaw, margin: .zero, limit: nil).count != 0 {
            log.append("a new store finds reports nearby")
        }
    }

    /// A missing report with every field, and a found one.
    static func fullReports() throws -> [PetReport] {
        var luna = try missing("c-luna", 52.2297, 21.0122, km: 15)
        luna.place = "Warsaw"
        luna.lastSeenDate = "2025-11-18"
        luna.species = "DOG"
        luna.breed = "Beagle \"Ł\" ü, comma"
        luna.gender = "FEMALE"
        luna.approximateAge = 3
        luna.microchipNumber = "123456789012345"
        luna.description = "Red collar.\nAnswers to Luna; shy."
        luna.phone = "+48123456789"
        luna.email = "owner@example.com"
        luna.photoUrl = "https://example.com/luna.jpg"
        luna.reward = "500 PLN"
        var found = PetReport(id: "c-found", kind: .found)
        found.coordinate = place(50.06143, 19.93658)
        found.lastSeenDate = "2025-11-19"
        found.species = "CAT"
        found.gender = "MALE"
        found.phone = "+48987654321"
        found.email = "finder@example.com"
        return [luna, found]
    }

    private static func addAndRead(_ store: any ReportStore, _ log: inout [String]) async throws {
        let reports = try fullReports()
        try await store.add(reports)
        for report in reports {
            let read = try await store.report(id: report.id)
            if read != report { log.append("\(report.id) reads back as \(read), not as stored") }
        }
        if try await store.count() != 2 { log.append("count is not 2 after adding 2") }
        try await expectError(.notFound, &log, "reading an unknown id") { _ = try await store.report(id: "c-none") }
    }

    private static func refusals(_ store: any ReportStore, _ log: inout [String]) async throws {
        let count = try await store.count()
        try await expectError(.duplicateID, &log, "adding a stored id") {
            try await store.add([try missing("c-luna", 1, 1, km: 1)])
        }
        try await expectError(.duplicateID, &log, "adding a batch with a stored id") {
            try await store.add([try missing("c-new", 1, 1, km: 1), try missing("c-luna", 1, 1, km: 1)])
        }
        try await expectError(.invalidReport, &log, "adding a report with an invalid id") {
            try await store.add([PetReport(id: "bad id/", kind: .found)])
        }
        if try await store.count() != count { log.append("a refused add changed the store") }
        if try await store.list(ReportListQuery(after: "c-n", limit: 1)).first?.id == "c-new" {
            log.append("a batch with a duplicate stored part of itself")
        }
    }

    private static func listing(_ store: any ReportStore, _ log: inout [String]) async throws {
        let ids = ["L-B", "L-a", "L-10", "L-9", "L-~", "L-A"]
        try await store.add(try ids.map { try missing($0, 10, 10, km: 1) })
        let listed = try await store.list(ReportListQuery(after: "L", limit: 100)).map(\.id).filter {
            $0.hasPrefix("L-")
        }
        let expected = ids.sorted(by: ReportID.precedes)
        if listed != expected { log.append("list order \(listed), expected bytes order \(expected)") }
        let first = try await store.list(ReportListQuery(after: "L", limit: 2)).map(\.id)
        let next = try await store.list(ReportListQuery(after: first.last, limit: 2)).map(\.id)
        if first + next != Array(expected.prefix(4)) { log.append("pages \(first) + \(next) do not continue") }
        let found = try await store.list(ReportListQuery(kind: .found)).map(\.id)
        if found != ["c-found"] { log.append("listing found reports gave \(found)") }
        for id in ids { try await store.remove(id: id) }
    }

    private static func statusAndRemoval(_ store: any ReportStore, _ log: inout [String]) async throws {
        let near = { try await store.nearby(warsaw, margin: .zero, limit: nil).matches.map(\.id) }
        if try await near() != ["c-luna"] { log.append("an open missing report is not found nearby") }
        let closed = try await store.setStatus(.closed, id: "c-luna")
        if closed.status != .closed { log.append("setStatus does not return the new status") }
        if try await store.report(id: "c-luna").status != .closed { log.append("the status change did not last") }
        if try await !near().isEmpty { log.append("a closed report is still found nearby") }
        _ = try await store.setStatus(.active, id: "c-luna")
        if try await near() != ["c-luna"] { log.append("a reopened report is not found nearby") }
        try await expectError(.notFound, &log, "setting the status of an unknown id") {
            _ = try await store.setStatus(.closed, id: "c-none")
        }
        try await store.add([try missing("c-gone", 52.23, 21.01, km: 5)])
        let withNew = try await near()
        if Set(withNew) != ["c-luna", "c-gone"] { log.append("a new report is not found nearby: \(withNew)") }
        try await store.remove(id: "c-gone")
        if try await near() != ["c-luna"] { log.append("a removed report is still found nearby") }
        try await expectError(.notFound, &log, "reading a removed id") { _ = try await store.report(id: "c-gone") }
        try await expectError(.notFound, &log, "removing an unknown id") { try await store.remove(id: "c-gone") }
    }

    private static func imports(_ store: any ReportStore, _ log: inout [String]) async throws {
        let count = try await store.count()
        let rows: [ReportRow] = [
            .report(try missing("i-1", 1, 1, km: 1), line: 2),
            .invalid(ImportProblem(number: 3, message: "latitude \"95\": Must be between -90 and 90")),
            .report(try missing("i-2", 2, 2, km: 1), line: 4),
            .report(try missing("i-1", 3, 3, km: 1), line: 5),
            .report(try missing("c-luna", 3, 3, km: 1), line: 6),
            .report(PetReport(id: "bad id", kind: .found), line: 7),
        ]
        do {
            _ = try await store.importReports(ReportArraySource(rows), skipInvalid: false)
            log.append("an import with invalid rows succeeded")
        } catch {
            let lines = error.problems.map(\.number)
            if error.reason != .invalidImport { log.append("an invalid import failed with \(error.reason)") }
            if lines != [3, 5, 6, 7] { log.append("an invalid import listed lines \(lines), not [3, 5, 6, 7]") }
        }
        if try await store.count() != count { log.append("an import with invalid rows stored some") }
        let summary = try await store.importReports(ReportArraySource(rows), skipInvalid: true)
        if summary.imported != 2 || summary.skipped.map(\.number) != [3, 5, 6, 7] || summary.skippedCount != 4 {
            log.append("--skip-invalid stored \(summary.imported) and skipped \(summary.skipped.map(\.number))")
        }
        if try await store.report(id: "i-1").coordinate != place(1, 1) { log.append("the first i-1 was not kept") }
        try await expectError(.invalidReport, &log, "importing no rows") {
            _ = try await store.importReports(ReportArraySource([]), skipInvalid: true)
        }
        for id in ["i-1", "i-2"] { try await store.remove(id: id) }
    }

    /// Imports of hundreds of rows, as an engine that writes rows in batches sees them: a full
    /// report followed in a later batch by a bare one (no field of the first may stay), and a
    /// repeated id, a stored id and an invalid row in the middle of batches, listed in line order.
    private static func largeImports(_ store: any ReportStore, _ log: inout [String]) async throws {
        let count = try await store.count()
        let (luna, found) = try (fullReports()[0], fullReports()[1])
        var reports: [PetReport] = []
        for number in 0..<300 {
            var report = try missing("L-\(number)", Double(number % 170) - 85, Double(number) - 150, km: 5)
            switch number {
            case 10, 140:
                report = number == 10 ? luna : found
                report.id = "L-\(number)"
            case 11: report.status = .closed
            default: break
            }
            reports.append(report)
        }
        let summary = try await store.importReports(ReportArraySource(reports: reports), skipInvalid: false)
        if summary.imported != 300 { log.append("an import of 300 valid rows stored \(summary.imported)") }
        for number in [0, 10, 11, 63, 64, 74, 75, 128, 140, 204, 299] {
            let read = try await store.report(id: "L-\(number)")
            if read != reports[number] { log.append("L-\(number) reads back as \(read), not as imported") }
        }
        var rows: [ReportRow] = []
        for number in 0..<300 {
            rows.append(.report(try missing("M-\(number)", 1, Double(number) / 10, km: 1), line: number + 2))
        }
        rows[100] = .report(try missing("M-50", 2, 2, km: 1), line: 102)
        rows[150] = .invalid(ImportProblem(number: 152, message: "radiusKm is missing"))
        rows[200] = .report(try missing("L-5", 3, 3, km: 1), line: 202)
        let stored = try await store.count()
        do {
            _ = try await store.importReports(ReportArraySource(rows), skipInvalid: false)
            log.append("a large import with invalid rows succeeded")
        } catch {
            let lines = error.problems.map(\.number)
            if lines != [102, 152, 202] {
                log.append("a large invalid import listed lines \(lines), not [102, 152, 202]")
            }
        }
        if try await store.count() != stored { log.append("a large import with invalid rows stored some") }
        let skipping = try await store.importReports(ReportArraySource(rows), skipInvalid: true)
        if skipping.imported != 297 || skipping.skipped.map(\.number) != [102, 152, 202] {
            log.append("--skip-invalid stored \(skipping.imported) and skipped \(skipping.skipped.map(\.number))")
        }
        if try await store.report(id: "L-5").coordinate != reports[5].coordinate {
            log.append("a stored id was replaced")
        }
        if try await store.count() != count + 597 { log.append("count after the large imports is not \(count + 597)") }
        for number in 0..<300 {
            try await store.remove(id: "L-\(number)")
            if number != 100 && number != 150 && number != 200 { try await store.remove(id: "M-\(number)") }
        }
    }

    private static func nearby(_ store: any ReportStore, _ log: inout [String]) async throws {
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
                let limited = try await store.nearby(query, margin: margin, limit: 3)
                if limited.matches.map(\.id) != Array(expected.prefix(3)).map(\.id) || limited.count != expected.count {
                    log.append("nearby with limit 3 gave \(limited.matches.map(\.id)) of \(limited.count)")
                }
            }
        }
        for report in reports { try await store.remove(id: report.id) }
    }

    private static func expectError(
        _ reason: ReportStoreError.Reason, _ log: inout [String], _ what: String,
        _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
            log.append("\(what) succeeded; it should fail with \(reason)")
        } catch let error as ReportStoreError where error.reason == reason {
        } catch let error as ReportStoreError {
            log.append("\(what) failed with \(error.reason) (\(error)), not \(reason)")
        } catch {
            log.append("\(what) threw \(error), not a ReportStoreError")
        }
    }

    private struct Violations {
        var items: [String] = []

        mutating func run(_ name: String, _ body: (inout [String]) async throws -> Void) async {
            var found: [String] = []
            do {
                try await body(&found)
            } catch {
                found.append("threw \(error)")
            }
            items += found.map { "\(name): \($0)" }
        }
    }
}

/// A small seeded generator, so that the contract's random reports are the same every run.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator seeded with `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
