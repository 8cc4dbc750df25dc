import Foundation
import Geodata
import Geodesy
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Testing

/// The PostgreSQL + PostGIS store on a real server this test starts (initdb, pg_ctl on a free
/// loopback port): the shared contract, the differential test against the in-process search,
/// the index in `EXPLAIN`, and a server that goes away.
@Suite(.serialized, .timeLimit(.minutes(10)), .enabled(if: PostgresServer.shouldRun))
struct PostgresReportStoreTests {
    @Test func postgresStorePassesTheContract() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let violations = await ReportStoreContract.check { try await PostgresReportStore.open(address) }
            #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    /// The sighting contract on a fresh database.
    @Test func postgresStorePassesTheSightingContract() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let violations = await SightingStoreContract.check { try await PostgresReportStore.open(address) }
            #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        } catch {
            Issue.record("\(error)\n\(server.logText.suffix(2000))")
        }
        await server.stop()
    }

    /// The alert contract, then two stores (two connection pools, as two servers) claiming the
    /// same 200 due mails at once on a fresh database: `FOR UPDATE SKIP LOCKED` gives each to one;
    /// then both releasing the same held mails: one queues the digest (`FOR UPDATE`).
    @Test func postgresStorePassesTheAlertContract() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let violations = await AlertStoreContract.check { try await PostgresReportStore.open(address) }
            #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
            let raced = try await server.createDatabase()
            let stores = [try await PostgresReportStore.open(raced), try await PostgresReportStore.open(raced)]
            for _ in 0..<5 {
                let round = await AlertStoreContract.concurrentClaims(stores)
                #expect(round.isEmpty, "\(round.map(\.description).joined(separator: "\n"))")
                _ = try await server.psql("DELETE FROM outbox_mail", database: raced.database)
            }
            let releases = await AlertStoreContract.concurrentReleases(stores)
            #expect(releases.isEmpty, "\(releases.map(\.description).joined(separator: "\n"))")
            for store in stores { await store.close() }
        } catch {
            Issue.record("\(error)\n\(server.logText.suffix(2000))")
        }
        await server.stop()
    }

    /// 10^4 random open missing reports (a quarter across the antimeridian, a quarter near the
    /// poles, radii from 0 to 2,000 km) × 100 found places: PostGIS answers exactly what the
    /// in-process `NearbySearch` does — the same ids in the same order, metres within 1 mm.
    @Test func postgisAgreesWithTheInProcessSearch() async throws {
        let server = try await PostgresServer.start()
        do {
            let store = try await PostgresReportStore.open(try await server.createDatabase())
            var generator = SplitMix(seed: 1804)
            var reports: [PetReport] = []
            for number in 0..<10_000 {
                let coordinate = try Self.place(&generator, kind: number % 4)
                let kilometres =
                    switch number % 5 {
                    case 0: 0.0
                    case 1: generator.unit() * 2
                    case 2: generator.unit() * 50
                    case 3: generator.unit() * 400
                    default: generator.unit() * 2000
                    }
                reports.append(
                    try PetReport.missing(
                        id: "d-\(number)", coordinate: coordinate, radius: SearchRadius(kilometers: kilometres)))
            }
            let summary = try await store.importReports(ReportArraySource(reports: reports), skipInvalid: false)
            #expect(summary.imported == 10_000)
            let search = NearbySearch(
                reports: reports.compactMap(\.nearbyEntry).sorted { ReportID.precedes($0.id, $1.id) })
            var queries: [Coordinate] = [
                try Coordinate(latitude: 90, longitude: 0), try Coordinate(latitude: -90, longitude: 0),
                try Coordinate(latitude: 0, longitude: 180), try Coordinate(latitude: 0, longitude: -180),
            ]
            while queries.count < 100 { queries.append(try Self.place(&generator, kind: queries.count % 4)) }
            var compared = 0
            for (index, query) in queries.enumerated() {
                let margin = try SearchRadius(kilometers: index % 3 == 0 ? 10 : 0)
                let result = try await store.nearby(query, margin: margin, limit: nil)
                let expected = search.matches(near: query, margin: margin).map {
                    ReportMatch(
                        id: $0.report.id, coordinate: $0.report.coordinate, radius: $0.report.radius, meters: $0.meters)
                }
                compared += expected.count
                if let difference = ReportStoreContract.differences(result.matches, expected) {
                    Issue.record("query \(index) at \(query): \(difference)")
                }
            }
            #expect(compared > 1000, "the queries found too few reports to compare (\(compared))")
            await store.close()
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    @Test func theNearbyQueryReadsItsCandidatesFromTheGiSTIndexesAlone() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let store = try await PostgresReportStore.open(address)
            var generator = SplitMix(seed: 7)
            var reports: [PetReport] = []
            for number in 0..<20_000 {
                reports.append(
                    try PetReport.missing(
                        id: "e-\(number)", coordinate: try Self.place(&generator, kind: number % 4),
                        radius: SearchRadius(kilometers: generator.unit() * 100)))
            }
            _ = try await store.importReports(ReportArraySource(reports: reports), skipInvalid: false)
            await store.close()
            // VACUUM marks the pages all-visible, as autovacuum does after inserts. The test server
            // commits asynchronously: CHECKPOINT flushes the import's commit first, or VACUUM could
            // not tell its rows are visible to all.
            try await server.psql("CHECKPOINT", database: address.database)
            try await server.psql("VACUUM ANALYZE report", database: address.database)
            let sql = PostgresReportStore.nearbySQL(try Coordinate(latitude: 52.2, longitude: 21), margin: .zero)
            let plan = try await server.psql("EXPLAIN (ANALYZE, COSTS OFF) " + sql, database: address.database)
            #expect(plan.contains("Index Only Scan using report_nearby"), "\(plan)")
            #expect(!plan.contains("Seq Scan") && !plan.contains("Heap Scan"), "\(plan)")
            // The candidates come from the indexes alone: no row of the table is read.
            let fetches = plan.split(separator: "\n").filter { $0.contains("Heap Fetches:") }
            #expect(!fetches.isEmpty && fetches.allSatisfy { $0.hasSuffix("Heap Fetches: 0") }, "\(plan)")
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    /// The covering query finds its candidates through the GiST index on the confirmed
    /// subscriptions' areas, not by reading every subscription.
    @Test func theCoveringQueryUsesTheGiSTIndex() async throws {
        let server = try await PostgresServer.start()
        do {
            let address = try await server.createDatabase()
            let store = try await PostgresReportStore.open(address)
            await store.close()
            // 20,000 subscriptions spread over the globe, half of them confirmed.
            try await server.psql(
                """
                INSERT INTO subscription (id, email, latitude, longitude, radius_m, kinds, species, token, created_at,
                    confirmed_at)
                SELECT 'sub-' || n, 'a' || n || '@example.org', random() * 170 - 85, random() * 360 - 180, 5000,
                    'found,missing', '', 't' || n, '2030-01-01T00:00:00.000Z',
                    CASE WHEN n % 2 = 0 THEN '2030-01-01T00:00:00.000Z' END
                FROM generate_series(1, 20000) AS n;
                ANALYZE subscription
                """, database: address.database)
            let sql = PostgresReportStore.coveringSQL(try Coordinate(latitude: 52.2, longitude: 21))
            let plan = try await server.psql("EXPLAIN (COSTS OFF) " + sql, database: address.database)
            #expect(plan.contains("subscription_confirmed_area"), "\(plan)")
            #expect(!plan.contains("Seq Scan"), "\(plan)")
        } catch {
            Issue.record("\(error)\n\(server.logText.suffix(2000))")
        }
        await server.stop()
    }

    @Test func aServerThatIsDownOrGoesAwayIsAClearErrorNotAHang() async throws {
        let port = try PostgresServer.freePortForTests()
        let nobody = StoreURL.PostgresAddress(user: "postgres", host: "127.0.0.1", port: port, database: "x")
        let started = ContinuousClock.now
        do {
            _ = try await PostgresReportStore.open(nobody, timeout: .seconds(5))
            Issue.record("opened a store with no server")
        } catch {
            #expect(error.reason == .unavailable, "\(error)")
            #expect(error.description.contains("127.0.0.1:\(port)"), "\(error)")
        }
        #expect(ContinuousClock.now - started < .seconds(12))
        let server = try await PostgresServer.start()
        do {
            let store = try await PostgresReportStore.open(try await server.createDatabase(), timeout: .seconds(5))
            try await store.add([
                try PetReport.missing(id: "a", coordinate: Coordinate(latitude: 1, longitude: 1), radius: .zero)
            ])
            await server.kill()
            do {
                _ = try await store.report(id: "a")
                Issue.record("read from a server that was stopped")
            } catch {
                #expect(error.reason == .unavailable, "\(error)")
            }
            await store.close()
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    /// A random place: around Warsaw, across the antimeridian, near a pole, anywhere.
    static func place(_ generator: inout SplitMix, kind: Int) throws -> Coordinate {
        switch kind {
        case 0: return try Coordinate(latitude: 50 + generator.unit() * 5, longitude: 18 + generator.unit() * 6)
        case 1:
            var longitude = 178 + generator.unit() * 4
            if longitude > 180 { longitude -= 360 }
            return try Coordinate(latitude: -20 + generator.unit() * 40, longitude: longitude)
        case 2:
            let latitude = 86 + generator.unit() * 4
            return try Coordinate(
                latitude: generator.unit() < 0.5 ? latitude : -latitude, longitude: generator.unit() * 360 - 180)
        default: return try Coordinate(latitude: generator.unit() * 180 - 90, longitude: generator.unit() * 360 - 180)
        }
    }
}
