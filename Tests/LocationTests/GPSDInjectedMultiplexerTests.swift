import Foundation
import GPSDTestSupport
import Location
import LocationTestSupport
import Locking
import Testing

/// A gpsd provider given its own multiplexer, on a loop of its own: its connection is read on
/// that loop's thread and counted by that multiplexer, and the process's own
/// (`GPSDMultiplexer.shared`) never sees it.
@Suite(.timeLimit(.minutes(1)))
struct GPSDInjectedMultiplexerTests {
    /// The name of the thread this runs on (`/proc/thread-self/comm`).
    static func threadName() -> String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aProviderWithItsOwnMultiplexerIsReadOnThatLoopAndCountedThere() async throws {
        // The peer plays gpsd: it answers the watch with a TPV line, as GPSDReadPacingTests does.
        let peer = try NMEAFeedServer()
        defer { peer.close() }
        let endpoint = GPSDEndpoint(host: "127.0.0.1", port: peer.port)
        let multiplexer = GPSDMultiplexer(loop: LocationEventLoop(name: "petspot.inject"))
        let readers = Locked<[String]>([])
        let provider = GPSDProvider(endpoint: endpoint, multiplexer: multiplexer)
        let running = Task {
            await provider.run(clock: LocationClock(ContinuousClock())) { event in
                if case .fix = event { readers.withLock { $0.append(Self.threadName()) } }
            }
        }
        defer { running.cancel() }
        #expect(peer.waitForReader(timeout: 10))
        try await waitUntil(hangGuard, "the connection to open") { multiplexer.openConnections(to: endpoint) == 1 }
        #expect(GPSDMultiplexer.shared.openConnections(to: endpoint) == 0)
        #expect(GPSDProvider.openConnectionCount(to: endpoint) == 0)

        _ = peer.send([
            #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2019-06-08T13:20:00Z","lat":52.2297,"lon":21.0122,"eph":4.0}"#
        ])
        try await waitUntil(hangGuard, "the fix") { !readers.withLock { $0.isEmpty } }
        #expect(readers.withLock { $0 } == ["petspot.inject"], "handled on the injected loop's thread")

        running.cancel()
        await running.value
        #expect(multiplexer.openConnections(to: endpoint) == 0, "closed when the provider's task ended")
    }
}
