public import Location
public import Logging
import Scenarios
public import ServiceLifecycle

/// Where `GET /v1/location` and `/v1/location/updates` get positions: a ``LocationService``
/// over gpsd or over a looping scenario, or nothing (then both answer 503 and the web pages
/// use the browser's geolocation).
public struct LocationSource: Sendable {
    /// The shared service every request and event stream uses, or `nil` without a source.
    public let service: LocationService?
    /// What it is, such as `"gpsd localhost:2947"` or `"scenario default"`.
    public let name: String?
    /// What must run beside the server for the source to work: the service's provider
    /// connections (``LocationService/run()``) and a scenario's loop.
    public let services: [any Service]

    /// No location source.
    public static let none = LocationSource(service: nil, name: nil, services: [])

    /// gpsd at `endpoint`, allowed by the machine owner's persisted consent
    /// (`petspot permission grant`); nothing asks, and nothing over HTTP can grant it.
    public static func gpsd(
        _ endpoint: GPSDEndpoint, authorizer: any LocationAuthorizer = PersistedConsentAuthorizer(),
        logger: Logger
    ) -> LocationSource {
        let provider = GPSDProvider(endpoint: endpoint)
        let service = LocationService(
            provider: LoggingProvider(wrapped: provider, backoff: provider.backoff, logger: logger),
            authorizer: authorizer)
        return LocationSource(
            service: service, name: provider.source.description, services: [LocationConnections(service: service)])
    }

    /// `loop`'s scenario, played on its clock. With `startsLoop` false the caller runs the
    /// loop itself (tests start it once their clients listen).
    public static func scenario(_ loop: ScenarioLoop, startsLoop: Bool = true, logger: Logger) -> LocationSource {
        let provider = ScenarioProvider(receiver: loop.receiver)
        let service = LocationService(
            provider: LoggingProvider(wrapped: provider, backoff: nil, logger: logger), authorizer: loop.authorizer,
            clock: loop.clock)
        return LocationSource(
            service: service, name: provider.source.description,
            services: [LocationConnections(service: service)] + (startsLoop ? [loop] : []))
    }

    init(service: LocationService?, name: String?, services: [any Service]) {
        self.service = service
        self.name = name
        self.services = services
    }
}
