import Geodata
import Location
import LocationTestSupport
import Testing

/// ``LocationService/run()``: the provider's connections as child tasks of the task that runs
/// it (a `ServiceGroup`'s service in `petspot serve`), and as tasks of their own without it.
@Suite struct LocationServiceRunTests {
    private func hostedService(_ provider: ManualProvider) async throws -> (LocationService, Task<Void, Never>) {
        let service = LocationService(provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
        let host = Task { await service.run() }
        try #require(await eventually { await service.isHostingConnections })
        return (service, host)
    }

    @Test func cancellingRunEndsTheConnectionBeforeRunReturns() async throws {
        let provider = ManualProvider()
        let (service, host) = try await hostedService(provider)
        let consumer = Task {
            var count = 0
            for await _ in service.updates { count += 1 }
            return count
        }
        await provider.waitUntilRunning()
        host.cancel()
        await host.value
        // run() waited for its child: the provider's run(clock:send:) has returned.
        #expect(!provider.isRunning)
        #expect(await !service.isHostingConnections)
        // The consumer's sequence finished, as when a provider ends on its own.
        let updates = await consumer.value
        #expect(updates >= 1)
    }

    @Test func aConnectionStoppedWhileRunRunsEndsAloneAndTheNextOneIsHostedToo() async throws {
        let provider = ManualProvider()
        let (service, host) = try await hostedService(provider)
        let first = Task { for await _ in service.updates {} }
        await provider.waitUntilRunning()
        first.cancel()
        #expect(await eventually { !provider.isRunning })
        #expect(await service.isHostingConnections)
        let second = Task { for await _ in service.updates {} }
        await provider.waitUntilRunning()
        #expect(provider.starts == 2)
        host.cancel()
        await host.value
        #expect(!provider.isRunning)
        await second.value
    }

    @Test func withoutRunOrAfterItAConnectionRunsOnATaskOfItsOwn() async throws {
        let provider = ManualProvider()
        let (service, host) = try await hostedService(provider)
        host.cancel()
        await host.value
        let request = Task { try await service.requestLocation(timeout: .seconds(30)) }
        await provider.waitUntilRunning()
        provider.emit(.fix(try testFix(52.2297, 21.0122, accuracy: 4)))
        let fix = try await request.value
        #expect(fix.coordinate.formatted == "52.22970, 21.01220")
        #expect(await eventually { !provider.isRunning })
        #expect(provider.starts == 1)
    }

    @Test func aSecondRunTakesOverTheLaterConnections() async throws {
        let provider = ManualProvider()
        let (service, first) = try await hostedService(provider)
        let second = Task { await service.run() }
        // The first run() returns once the second has taken over (it hosted no connection).
        await first.value
        #expect(await service.isHostingConnections)
        let consumer = Task { for await _ in service.updates {} }
        await provider.waitUntilRunning()
        second.cancel()
        await second.value
        #expect(!provider.isRunning)
        await consumer.value
    }
}
