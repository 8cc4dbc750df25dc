import Foundation
import Geodata
import Geodesy
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Testing

/// A PostgreSQL store backed up and restored as Docs/Store.md tells an operator (`pg_dump -Fc`,
/// `pg_restore` into a new database as the superuser): every report, every photo byte, the
/// event log's numbering and nearby search are all there again.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PostgresDumpRestoreTests {
    @Test(.enabled(if: PostgresServer.shouldRun)) func aRestoredDumpIsTheWholeStore() async throws {
        let server = try await PostgresServer.start()
        do {
            let source = try await server.createDatabase("petspot_source")
            let store = try await PostgresReportStore.open(source)
            var reports: [PetReport] = []
            for number in 0..<5 {
                var report = try PetReport.missing(
                    id: "d-\(number)", coordinate: Coordinate(latitude: 52.2 + Double(number) / 100, longitude: 21),
                    radius: SearchRadius(kilometers: 5))
                report.species = "DOG"
                report.renewedAt = "2025-11-18T10:00:00.000Z"
                report.description = "Red collar \"Luna\" \(number)\nsecond line"
                reports.append(report)
            }
            try await store.add(reports)
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<4096).map { UInt8($0 % 251) })
            try await store.setPhoto(StoredPhoto(bytes: png, mediaType: "image/png", tag: "t-1"), id: "d-1")
            _ = try await store.setStatus(.closed, id: "d-4")
            let events = try await store.latestEventSequence()
            await store.close()

            let copy = try await server.dump("petspot_source", restoreInto: "petspot_restored")
            let restored = try await PostgresReportStore.open(copy)
            let all = ReportListQuery(limit: ReportListQuery.maximumLimit)
            var expected = reports
            expected[4].status = .closed
            #expect(try await restored.list(all) == expected)
            #expect(try await restored.photo(id: "d-1") == StoredPhoto(bytes: png, mediaType: "image/png", tag: "t-1"))
            #expect(try await restored.photo(id: "d-2") == nil)
            let warsaw = try Coordinate(latitude: 52.22, longitude: 21)
            let near = try await restored.nearby(warsaw, margin: .zero, limit: nil).matches.map(\.id)
            #expect(near == ["d-2", "d-1", "d-3", "d-0"])
            #expect(try await restored.latestEventSequence() == events)
            try await restored.remove(id: "d-0")
            #expect(try await restored.latestEventSequence() == events + 1, "a new change continues the numbering")
            await restored.close()
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }
}
