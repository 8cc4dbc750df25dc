import Geodata
import Location
import Locking
import ReportSteps

/// A provider for these tests: sends `events` when the service starts it, then stays
/// connected (silent) until cancelled. Counts its starts so tests can check that a blocked
/// permission or a second tap never starts a request.
final class ScriptedTestProvider: LocationProvider {
    let events: [ProviderEvent]
    let source = FixSource(kind: "test", name: "report-steps")
    private let startCount = Locked(0)

    init(_ events: [ProviderEvent]) {
        self.events = events
    }

    var starts: Int { startCount.withLock { $0 } }

    func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
        startCount.withLock { $0 += 1 }
        for event in events { send(event) }
        let (stream, _) = AsyncStream.makeStream(of: Never.self)
        for await _ in stream {}
    }

    /// A fix at Warsaw's centre, 4 m accuracy.
    static func warsawFix() -> LocationFix {
        LocationFix(
            coordinate: Fixtures.warsaw, mode: .threeDimensional, altitude: 100, horizontalAccuracy: 4,
            source: FixSource(kind: "test", name: "report-steps"))
    }
}

/// A `LocationService` over a ``ScriptedTestProvider`` on a ``VirtualClock``.
struct ServiceRig {
    let provider: ScriptedTestProvider
    let authorizer: InMemoryAuthorizer
    let clock = VirtualClock()
    let service: LocationService

    init(
        _ status: AuthorizationStatus, answer: AuthorizationStatus = .denied, events: [ProviderEvent]
    ) {
        provider = ScriptedTestProvider(events)
        authorizer = InMemoryAuthorizer(status, answer: LocationAuthorization(answer))
        service = LocationService(provider: provider, authorizer: authorizer, clock: clock)
    }

    var requester: ReportLocationRequester { ReportLocationRequester(service: service, timeout: .seconds(30)) }
}
