import Foundation
import LocationTestSupport
import ReportStore
import ReportStoreOpener
import ReportStoreTestSupport
import Testing

/// The event log's order is the commit order (issue 43): with 8 writers at once on one
/// PostgreSQL, every alerts client of two servers — live, and resumed with `Last-Event-ID` — gets
/// every report. Before, `sequence` was a `bigserial` drawn inside each transaction: one that
/// committed later with a smaller number fell behind every reader (20–67 of 400 lost).
@Suite(.serialized, .timeLimit(.minutes(10)))
struct ReportEventOrderOnPostgresTests {
    static let writers = 8
    static let reportsPerWriter = 1_000

    /// The (sequence, report id) of each `created` event a client has read.
    static func created(_ client: EventStreamClient) -> [(sequence: Int64, id: String)] {
        client.events.filter { $0.name == "created" }.compactMap { event in
            guard let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any],
                let sequence = (object["sequence"] as? NSNumber)?.int64Value, let id = object["id"] as? String
            else { return nil }
            return (sequence, id)
        }
    }

    /// The sequence of the last event `client` has read.
    static func lastSequence(_ client: EventStreamClient) -> Int64 {
        guard let last = client.events.last,
            let object = try? JSONSerialization.jsonObject(with: Data(last.data.utf8)) as? [String: Any]
        else { return 0 }
        return (object["sequence"] as? NSNumber)?.int64Value ?? 0
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func everySubscriberGetsEveryReportFromEightWritersAtOnce() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let url = "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)"
            let arguments = ["--store", url, "--rate-limit", "0", "--log-level", "error"]
            let serverA = try ServeCommandTests.Server(arguments)
            defer { serverA.stop() }
            let serverB = try ServeCommandTests.Server(arguments)
            defer { serverB.stop() }
            let a = TestServer(port: try #require(await serverA.port(), "\(serverA.output)"))
            let b = TestServer(port: try #require(await serverB.port(), "\(serverB.output)"))
            let liveA = EventStreamClient(url: a.url("/v1/reports/updates"))
            defer { liveA.close() }
            let liveB = EventStreamClient(url: b.url("/v1/reports/updates"))
            defer { liveB.close() }
            // One that goes away part-way and comes back with Last-Event-ID.
            let leaving = EventStreamClient(url: b.url("/v1/reports/updates"))
            for client in [liveA, liveB, leaving] {
                #expect(await client.wait(hangGuard) { $0.comments.contains("connected") })
            }

            let storeURL = try StoreURL(parsing: url)
            let total = Self.writers * Self.reportsPerWriter
            try await ReportStoreOpener.withStore(storeURL) { first in
                try await ReportStoreOpener.withStore(storeURL) { second in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for writer in 0..<Self.writers {
                            let store = writer.isMultiple(of: 2) ? first : second
                            group.addTask {
                                for index in 0..<Self.reportsPerWriter {
                                    try await store.add([PetReport(id: "w\(writer)-\(index)", kind: .found)])
                                }
                            }
                        }
                        // Part-way through, the leaving client goes away.
                        #expect(await leaving.wait(hangGuard) { Self.created($0).count >= total / 4 })
                        leaving.close()
                        try await group.waitForAll()
                    }
                }
            }
            let lastEvent = try #require(
                Int64(
                    try await database.psql(
                        "SELECT max(sequence) FROM report_event", database: address.database
                    ).trimmingCharacters(in: .whitespacesAndNewlines)))
            let resumedFrom = try #require(Self.created(leaving).last?.sequence)
            let resumed = EventStreamClient(
                url: b.url("/v1/reports/updates"), headers: [("Last-Event-ID", "\(resumedFrom)")])
            defer { resumed.close() }

            let expected = Set(
                (0..<Self.writers).flatMap { writer in
                    (0..<Self.reportsPerWriter).map { "w\(writer)-\($0)" }
                })
            // Done when each client has read the last event: in commit order, all before it came first.
            for (name, client) in [("live on A", liveA), ("live on B", liveB), ("resumed on B", resumed)] {
                #expect(
                    await client.wait(300, polling: .milliseconds(200)) { Self.lastSequence($0) >= lastEvent },
                    "\(name)")
                var ids = Set(Self.created(client).map(\.id))
                if name.hasPrefix("resumed") { ids.formUnion(Self.created(leaving).map(\.id)) }
                #expect(
                    ids.count == total && ids == expected, "\(name) lost \(expected.subtracting(ids).count) of \(total)"
                )
                let sequences = Self.created(client).map(\.sequence)
                #expect(sequences == sequences.sorted(), "\(name): events in the log's order")
            }
            await database.stop()
        } catch {
            await database.stop()
            throw error
        }
    }
}
