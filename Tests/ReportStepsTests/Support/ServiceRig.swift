import Geodata
import Location
import LocationTestSupport
import ReportLocation
import ReportSteps

/// A `LocationService` over a ``ManualProvider`` (which sends `events` when it starts, then
/// stays connected) on a ``VirtualClock``.
struct ServiceRig {
    let provider: ManualProvider
    let authorizer: InMemoryAuthorizer
    let clock = VirtualClock()
    let service: LocationService

    init(
        _ status: AuthorizationStatus, answer: AuthorizationStatus = .denied, events: [ProviderEvent]
    ) {
        provider = ManualProvider(startEvents: events)
        authorizer = InMemoryAuthorizer(status, answer: LocationAuthorization(answer))
        service = LocationService(provider: provider, authorizer: authorizer, clock: clock)
    }

    var requester: ReportLocationRequester { ReportLocationRequester(service: service, timeout: .seconds(30)) }

    /// A fix at Warsaw's centre, 4 m accuracy.
    static func warsawFix() -> LocationFix {
        LocationFix(
            coordinate: Fixtures.warsaw, mode: .threeDimensional, altitude: 100, horizontalAccuracy: 4,
            source: FixSource(kind: "test", name: "report-steps"))
    }
}
