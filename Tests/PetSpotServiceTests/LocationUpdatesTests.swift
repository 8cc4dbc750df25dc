import Foundation
import Location
import LocationTestSupport
import PetSpotService
import Scenarios
import Testing

/// `GET /v1/location/updates` with a scenario source: the loop starts once the clients
/// listen, so every client must get every fix, in order.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct LocationUpdatesTests {
    /// Granted; `count` fixes walking north from Warsaw, 50 ms apart.
    static func walk(_ count: Int) throws -> Scenario {
        let fixes = (0..<count).map { step in
            "  - {at: \(step * 50)ms, fix: {coordinate: \"\(52.2297 + Double(step) * 0.001), 21.0122\", accuracy: 5}}"
        }
        let text = "title: Walk\nauthorization: authorizedWhenInUse\ntimeline:\n" + fixes.joined(separator: "\n") + "\n"
        return try ScenarioLibrary.decode(
            Data(text.utf8), file: "walk.yaml", name: "walk",
            readFile: { name throws(ScenarioError) in
                throw ScenarioError(file: name, message: "no tracks")
            })
    }

    static func expectedLatitudes(_ count: Int) -> [String] {
        (0..<count).map { "\"latitude\":\(52.2297 + Double($0) * 0.001)," }
    }

    /// A server over a scenario loop that the test starts itself.
    static func configuration(
        _ loop: ScenarioLoop, heartbeat: Duration = .seconds(15), clock: any Clock<Duration> = ContinuousClock()
    ) throws -> (ServiceConfiguration, LocationService) {
        let source = LocationSource.scenario(loop, startsLoop: false, logger: TestServer.quietLogger)
        let configuration = ServiceConfiguration(
            location: source, logger: TestServer.quietLogger, heartbeatInterval: heartbeat, clock: clock)
        return (configuration, try #require(source.service))
    }

    @Test(arguments: [1, 200])
    func everyClientGetsEveryFixInOrder(clients count: Int) async throws {
        let loop = ScenarioLoop(scenario: try Self.walk(5), loops: false)
        let (configuration, service) = try Self.configuration(loop)
        try await TestServer.with(configuration) { server in
            let clients = (0..<count).map { _ in EventStreamClient(url: server.url("/v1/location/updates")) }
            defer { for client in clients { client.close() } }
            #expect(await eventually(hangGuard) { await service.subscriberCount == count })
            // The service has asked for the provider; the loop may play once the provider's
            // run (hosted by the server's group) has attached to the receiver.
            #expect(await eventually(hangGuard) { loop.receiver.listenerCount == 1 })
            let playing = Task { try await loop.run() }
            defer { playing.cancel() }
            #expect(await eventually(hangGuard) { clients.allSatisfy { $0.fixes.count >= 5 } })
            let expected = Self.expectedLatitudes(5)
            for client in clients {
                #expect(client.status == 200)
                let fixes = client.fixes
                #expect(fixes.count == 5)
                for (fix, latitude) in zip(fixes, expected) {
                    #expect(fix.hasPrefix("{" + latitude), "\(fix)")
                    #expect(fix.contains("\"source\":\"scenario\""))
                }
            }
            #expect(await service.isProviderRunning)
        }
    }

    /// The heartbeat runs on the configuration's clock: a virtual one here, moved by the test,
    /// so two heartbeats take two advances of 15 s and no real time.
    @Test func statesAreStateEventsAndHeartbeatsAreComments() async throws {
        let loop = ScenarioLoop(scenario: try Self.walk(1), loops: false)
        let clock = VirtualClock()
        let (configuration, service) = try Self.configuration(loop, heartbeat: .seconds(15), clock: clock)
        try await TestServer.with(configuration) { server in
            let client = EventStreamClient(url: server.url("/v1/location/updates"))
            defer { client.close() }
            #expect(await eventually(hangGuard) { await service.subscriberCount == 1 })
            #expect(await client.wait(hangGuard) { !$0.events.isEmpty })
            for beat in 1...2 {
                try await withDeadline(hangGuard, "the heartbeat timer") { try await clock.waitForSleepers(atLeast: 1) }
                #expect(client.comments.filter { $0 == "heartbeat" }.count == beat - 1, "no heartbeat before its time")
                await clock.advance(by: .seconds(15))
                #expect(await client.wait(hangGuard) { $0.comments.filter { $0 == "heartbeat" }.count == beat })
            }
            let first = try #require(client.events.first)
            #expect(first.name == "state")
            #expect(first.data == #"{"state":"waitingForFix","message":"waiting for a fix"}"#)
        }
    }

    @Test func aClientThatGoesAwayIsReleasedAtOnce() async throws {
        let loop = ScenarioLoop(scenario: try Self.walk(1), loops: false)
        let (configuration, service) = try Self.configuration(loop)
        try await TestServer.with(configuration) { server in
            let staying = EventStreamClient(url: server.url("/v1/location/updates"))
            defer { staying.close() }
            let leaving = EventStreamClient(url: server.url("/v1/location/updates"))
            #expect(await eventually(hangGuard) { await service.subscriberCount == 2 })
            #expect(await leaving.wait(hangGuard) { !$0.events.isEmpty })
            // Nothing is sent meanwhile (no fixes, heartbeat 15 s): the server notices the
            // closed connection itself.
            leaving.close()
            #expect(await eventually(hangGuard) { await service.subscriberCount == 1 })
            staying.close()
            #expect(await eventually(hangGuard) { await service.subscriberCount == 0 })
            #expect(await eventually(hangGuard) { await !service.isProviderRunning })
        }
    }
}
