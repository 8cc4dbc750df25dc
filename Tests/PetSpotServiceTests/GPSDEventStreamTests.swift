import Foundation
import GPSDTestSupport
import Location
import LocationTestSupport
import PetSpotService
import Testing

/// `GET /v1/location/updates` over a real gpsd reading an NMEA feed the test serves. With
/// `CI=true` it runs (and fails) even when gpsd is missing.
@Suite(.serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(2)))
struct GPSDEventStreamTests {
    @Test func aGPSDFixReachesEveryEventStreamClientOverOneConnection() async throws {
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let start = Date()
        let feeder = feed.sendRepeatedly(
            every: .milliseconds(100), NMEA.standing(latitude: 52.2297, longitude: 21.0122, from: start))
        defer { feeder.cancel() }
        let endpoint = GPSDEndpoint(host: "127.0.0.1", port: gpsd.port)
        let source = LocationSource.gpsd(
            endpoint, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), logger: TestServer.quietLogger)
        let service = try #require(source.service)
        try await TestServer.with(ServiceConfiguration(location: source, logger: TestServer.quietLogger)) { server in
            let clients = (0..<3).map { _ in EventStreamClient(url: server.url("/v1/location/updates")) }
            defer { for client in clients { client.close() } }
            for client in clients {
                #expect(await client.wait(hangGuard) { !$0.fixes.isEmpty })
                let fix = try #require(client.fixes.first)
                #expect(fix.contains(#""formatted":{"latitude":"52.22970","longitude":"21.01220"}"#), "\(fix)")
                #expect(fix.contains(#""source":"gpsd""#))
            }
            #expect(await service.subscriberCount == 3)
            #expect(GPSDProvider.openConnectionCount(to: endpoint) == 1)
            let one = try await server.request("/v1/location?timeout=30")
            #expect(one.status == 200)
            #expect(one.body.contains(#""latitude":52.2297,"#))
            for client in clients { client.close() }
            #expect(await eventually(hangGuard) { await service.subscriberCount == 0 })
            #expect(await eventually(hangGuard) { GPSDProvider.openConnectionCount(to: endpoint) == 0 })
        }
    }
}
