import Location
import ServiceLifecycle

/// The location source's provider connections as a service of the server's `ServiceGroup`:
/// while it runs, the gpsd (or scenario) connection the ``LocationService`` opens for its
/// listeners is a child task of it (``LocationService/run()``), so the group's graceful
/// shutdown ends it after the server, and the group waits for it to end.
struct LocationConnections: Service {
    let service: LocationService

    func run() async throws {
        let service = self.service
        try await cancelWhenGracefulShutdown { await service.run() }
    }
}
