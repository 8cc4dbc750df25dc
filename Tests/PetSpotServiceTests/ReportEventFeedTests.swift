import Foundation
import Geodata
import Location
import LocationTestSupport
import Locking
import ReportStore
import SQLiteReportStore
import Testing

@testable import PetSpotService

/// The event log read once for every alerts client (issue 43): a write costs the same with no
/// listeners and with many; what is kept in memory, and what is read from the store instead.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportEventFeedTests {
    /// A store that counts its calls by operation.
    struct CountingStore: WrappingReportStore {
        let base: any ReportStore
        let calls = Locked([String: Int]())

        func wrap<T: Sendable>(
            _ operation: String, _ body: @escaping @Sendable () async throws(ReportStoreError) -> T
        ) async throws(ReportStoreError) -> T {
            calls.withLock { $0[operation, default: 0] += 1 }
            return try await body()
        }

        func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
            -> ImportSummary
        {
            try await base.importReports(source, skipInvalid: skipInvalid)
        }

        func count(_ operation: String) -> Int { calls.withLock { $0[operation, default: 0] } }
    }

    static func event(_ sequence: Int64) -> ReportEvent {
        ReportEvent(
            sequence: sequence, change: .created, reportID: "r-\(sequence)", kind: .found, status: .found,
            coordinate: nil, time: Date(timeIntervalSince1970: 0))
    }

    @Test func aChangeIsReadFromTheLogOnceWhateverTheNumberOfListeners() async throws {
        let folder = try TemporaryStoreFolder()
        let store = CountingStore(base: try SQLiteReportStore(path: folder.path))
        let configuration = ServiceConfiguration(
            limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store, today: ReportRoutesTests.today)
        try await TestServer.with(configuration) { server in
            // 40 clients for every change, 40 watching Sydney.
            let everywhere = (0..<40).map { _ in EventStreamClient(url: server.url("/v1/reports/updates")) }
            let sydney = (0..<40).map { _ in
                EventStreamClient(url: server.url("/v1/reports/updates?near=-33.8688,151.2093&km=5"))
            }
            defer { for client in everywhere + sydney { client.close() } }
            for client in everywhere + sydney {
                #expect(await client.wait(hangGuard) { $0.comments.contains("connected") })
            }
            let before = store.count("events")
            let created = try await server.request(
                "POST", "/v1/reports/found", headers: ExampleRequests.json, body: Array(ExampleRequests.foundBody.utf8))
            #expect(created.status == 201, "\(created.body)")
            let id = try #require(try created.object["id"] as? String)
            for client in everywhere {
                #expect(
                    await client.wait(hangGuard) { $0.events.contains { $0.name == "created" && $0.data.contains(id) } }
                )
            }
            let reads = store.count("events") - before
            #expect(reads >= 1 && reads <= 2, "the log was read \(reads) times for 80 listeners")
            #expect(sydney.allSatisfy { $0.events.isEmpty }, "a change elsewhere reaches no one watching Sydney")
        }
    }

    /// Another process's change to the SQLite file (`petspot reports close` beside the server)
    /// sends this server no signal: the feed reads the log at every heartbeat too.
    @Test func anotherProcesssChangeReachesClientsAtTheNextHeartbeat() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let other = try SQLiteReportStore(path: folder.path)
        let clock = VirtualClock()
        let configuration = ServiceConfiguration(
            limits: .unlimitedRate, logger: TestServer.quietLogger, heartbeatInterval: .seconds(15), clock: clock,
            reports: store, today: ReportRoutesTests.today)
        try await TestServer.with(configuration) { server in
            let client = EventStreamClient(url: server.url("/v1/reports/updates"))
            defer { client.close() }
            #expect(await client.wait(60) { $0.comments.contains("connected") })
            try await other.add([PetReport(id: "made-elsewhere", kind: .found)])
            // The beat: the timer's sleeper is woken by advancing the virtual clock.
            #expect(
                await eventually(60) {
                    await clock.advance(by: .seconds(15)) > 0 || client.comments.contains("heartbeat")
                })
            #expect(await client.wait(60) { $0.events.contains { $0.data.contains("made-elsewhere") } })
        }
        await other.close()
        await store.close()
    }

    @Test func recentEventsServeFromTheFloorOnAndSendOlderOnesToTheStore() {
        var recent = RecentEvents(capacity: 3)
        #expect(recent.events(after: 0, limit: 10) == .older, "nothing is kept before the log's end is known")
        recent.begin(at: 10)
        #expect(recent.events(after: 10, limit: 10) == .events([]))
        #expect(recent.events(after: 9, limit: 10) == .older)
        recent.append([Self.event(11), Self.event(13)])
        #expect(recent.events(after: 10, limit: 10) == .events([Self.event(11), Self.event(13)]))
        #expect(recent.events(after: 11, limit: 10) == .events([Self.event(13)]))
        #expect(recent.events(after: 12, limit: 10) == .events([Self.event(13)]), "a gap in the numbers")
        #expect(recent.events(after: 10, limit: 1) == .events([Self.event(11)]))
        recent.append([Self.event(13), Self.event(14), Self.event(15)])
        #expect(recent.last == 15)
        // Capacity 3: 11 was dropped, so only a client that has seen 11 is served from memory.
        #expect(recent.floor == 11)
        #expect(recent.events(after: 10, limit: 10) == .older)
        #expect(recent.events(after: 11, limit: 10) == .events([Self.event(13), Self.event(14), Self.event(15)]))
        for sequence in Int64(16)...100 { recent.append([Self.event(sequence)]) }
        #expect(recent.events(after: 97, limit: 10) == .events([Self.event(98), Self.event(99), Self.event(100)]))
        #expect(recent.entries.count <= 7, "dropped entries are compacted away")
    }

    @Test func theAreaBoundNeverMissesAPlaceTheGeodesicFindsInside() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let center = try Coordinate(
                latitude: Double.random(in: -89...89, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
            let area = ReportArea(center: center, meters: Double.random(in: 1...2_000_000, using: &generator))
            let place = try Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
            let event = ReportEvent(
                sequence: 1, change: .created, reportID: "r", kind: .found, status: .found, coordinate: place,
                time: Date())
            if area.distance(to: event) != nil { #expect(area.mayContain(place), "\(center) \(area.meters) \(place)") }
        }
    }
}
