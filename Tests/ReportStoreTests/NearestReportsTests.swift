import Foundation
import Geodata
import Geodesy
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import SQLiteReportStore
import Testing

/// The nearest open reports on generated data, a differential test: the SQLite store,
/// PostgreSQL + PostGIS and a brute-force sort (`ReportStoreContract.nearestReference`) give
/// the same ids in the same order, metres within 1 mm — on every page, for each kind.
@Suite(.serialized, .timeLimit(.minutes(DifferentialScale.isLarge ? 120 : 10)))
struct NearestReportsTests {
    /// 6,000 reports (``DifferentialScale``) of both kinds in every status (a sixth without a
    /// place), a quarter across the antimeridian and a quarter near the poles, many at shared
    /// places (ties).
    static func reports() throws -> [PetReport] {
        var generator = SplitMix(seed: 3232)
        var reports: [PetReport] = []
        var shared: [Coordinate] = []
        for number in 0..<DifferentialScale.reports(standard: 6000) {
            let kind: ReportKind = number % 3 == 0 ? .found : .missing
            let statuses = StatusTransitions.statuses(of: kind)  // a found report is never ACTIVE
            var report = PetReport(id: "f-\(number)", kind: kind, status: statuses[number % 5 % statuses.count])
            if number % 6 != 1 {
                // Every seventh report shares the place of an earlier one.
                if number % 7 == 0, let earlier = shared.randomElement(using: &generator) {
                    report.coordinate = earlier
                } else {
                    let place = try PostgresReportStoreTests.place(&generator, kind: number % 4)
                    report.coordinate = place
                    shared.append(place)
                }
            }
            if kind == .missing { report.radius = try SearchRadius(kilometers: generator.unit() * 50) }
            reports.append(report)
        }
        return reports
    }

    /// 40 query places (84 in a large run: 1,008 queries) with the poles and the antimeridian
    /// among them, each for both kinds and each, pages of 10 at offsets 0, 10 and 90, and a
    /// page of 500.
    static func queries() throws -> [NearestQuery] {
        var generator = SplitMix(seed: 77)
        var places: [Coordinate] = [
            try Coordinate(latitude: 90, longitude: 0), try Coordinate(latitude: -90, longitude: 0),
            try Coordinate(latitude: 0, longitude: 180), try Coordinate(latitude: -10, longitude: -179.99),
        ]
        while places.count < (DifferentialScale.isLarge ? 84 : 40) {
            places.append(try PostgresReportStoreTests.place(&generator, kind: places.count % 4))
        }
        var queries: [NearestQuery] = []
        for place in places {
            for kind in [nil, ReportKind.missing, .found] {
                for offset in [0, 10, 90] { queries.append(NearestQuery(location: place, kind: kind, offset: offset)) }
                queries.append(NearestQuery(location: place, kind: kind, limit: 500))
            }
        }
        return queries
    }

    /// Compares every query's answer from `store` with the brute-force one.
    static func compare(_ store: any ReportStore, _ engine: String) async throws {
        let reports = try reports()
        let summary = try await store.importReports(ReportArraySource(reports: reports), skipInvalid: false)
        #expect(summary.imported == reports.count)
        var compared = 0
        // The queries come four at a time for one place and kind: the brute-force list is made
        // once for the four.
        var whole: (location: Coordinate, kind: ReportKind?, reports: [NearestReport])?
        for query in try queries() {
            let result = try await store.nearest(query)
            if whole == nil || whole?.location != query.location || whole?.kind != query.kind {
                whole = (
                    query.location, query.kind,
                    ReportStoreContract.nearestReference(reports, from: query.location, kind: query.kind)
                )
            }
            let expected = ReportStoreContract.page(query, of: whole?.reports ?? [])
            compared += expected.count
            if let difference = ReportStoreContract.differences(result, expected) {
                Issue.record(
                    "\(engine), near \(query.location) \(query.kind?.rawValue ?? "any") from \(query.offset): \(difference)"
                )
            }
        }
        #expect(compared > 50_000, "the queries compared too few reports (\(compared))")
        print("\(engine): \(try queries().count) nearest queries over \(reports.count) reports, \(compared) compared")
    }

    @Test func sqliteAgreesWithBruteForce() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteReportStore(path: folder.path("nearest.sqlite"))
        try await Self.compare(store, "SQLite")
        await store.close()
    }

    @Test(.enabled(if: PostgresServer.shouldRun)) func postgisAgreesWithBruteForce() async throws {
        let server = try await PostgresServer.start()
        do {
            let store = try await PostgresReportStore.open(try await server.createDatabase())
            try await Self.compare(store, "PostgreSQL")
            await store.close()
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    /// The KNN query reads a partial GiST index, not the table: the open reports' places, or for
    /// found reports the open found reports' alone (migration 8).
    @Test(.enabled(if: PostgresServer.shouldRun)) func theNearestQueryUsesItsGiSTIndex() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let store = try await PostgresReportStore.open(address)
            _ = try await store.importReports(ReportArraySource(reports: try Self.reports()), skipInvalid: false)
            await store.close()
            try await server.psql("ANALYZE report", database: address.database)
            let warsaw = try Coordinate(latitude: 52.2, longitude: 21)
            let indexes: [(ReportKind?, String)] = [
                (nil, "report_open_location"), (.missing, "report_open_location"), (.found, "report_open_found"),
            ]
            for (kind, index) in indexes {
                let sql = PostgresReportStore.nearestSQL(warsaw, kind: kind, limit: 20)
                let plan = try await server.psql("EXPLAIN " + sql, database: address.database)
                #expect(plan.contains(index), "\(plan)")
                #expect(!plan.contains("Seq Scan"), "\(plan)")
            }
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }
}
