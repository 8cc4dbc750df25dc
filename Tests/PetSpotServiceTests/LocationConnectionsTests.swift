import Location
import LocationTestSupport
import Logging
import ServiceLifecycle
import Testing

@testable import PetSpotService

/// The location source's connections in the server's `ServiceGroup`: the graceful shutdown
/// ends the provider's connection, and the group returns only once it has closed.
@Suite struct LocationConnectionsTests {
    @Test func theGracefulShutdownClosesTheConnectionBeforeTheGroupReturns() async throws {
        let provider = ManualProvider()
        let service = LocationService(provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
        let group = ServiceGroup(
            services: [LocationConnections(service: service)], gracefulShutdownSignals: [],
            logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        try #require(await eventually { await service.isHostingConnections })
        let listener = Task { for await _ in service.updates {} }
        await provider.waitUntilRunning()
        await group.triggerGracefulShutdown()
        try await running.value
        // A connection on a task of its own would still be open: its listener never left.
        #expect(!provider.isRunning)
        await listener.value
    }
}
