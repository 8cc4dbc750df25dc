public import Location

/// What a custom app gets while a scenario plays (see ``ScenarioRunner/run(onEntry:app:)``):
/// the real service, the virtual clock, and the transcript.
///
/// Call the service through ``requestAuthorization()`` and ``requestLocation(_:)`` to have
/// the calls and their results written to the transcript and counted by the file's
/// expectations (`request:`, `fixes:`, `latitude:`); direct calls on ``service`` work too,
/// but only ``note(_:)`` lines show them.
public struct ScenarioApp: Sendable {
    /// The service, fed by the scenario's provider and scripted authorizer.
    public let service: LocationService
    /// The scenario's clock: sleep on it, never on a real clock.
    public let clock: VirtualClock
    let recorder: TranscriptRecorder
    let consumer: ScenarioConsumer

    /// Adds an `app` line to the transcript (what the app did or showed).
    public func note(_ text: String) async {
        await recorder.record(.app, text)
    }

    /// `requestWhenInUseAuthorization()`, written to the transcript.
    @discardableResult
    public func requestAuthorization() async -> AuthorizationStatus {
        await consumer.requestAuthorization()
    }

    /// `requestLocation(…)` with `request`'s parameters, written to the transcript and
    /// counted by the expectations.
    @discardableResult
    public func requestLocation(
        _ request: ConsumerAction.LocationRequest = ConsumerAction.LocationRequest()
    ) async -> Result<LocationFix, LocationError> {
        await recorder.record(.app, ConsumerAction.requestLocation(request).description)
        return await consumer.requestLocation(request)
    }
}
