import Location
import Locking
import ReportLocation
import ReportSteps
import Scenarios

/// "Request GPS position" / "Use current location" answered by a scenario: each tap plays
/// the scenario (its scripted permission answer and receiver timeline, on a virtual clock)
/// with the report step's own ``ReportLocationRequester`` as the app — the same code that
/// asks gpsd, here asking the `LocationService` the scenario feeds.
///
/// Each tap starts the scenario from its beginning, so a scenario that starts
/// `notDetermined` shows its permission question on every tap. `onEntry` receives the
/// transcript lines, in order, when the run ends (the wizard prints them under the screen).
struct ScenarioLocationRequester: CurrentLocationRequesting {
    /// The scenario played on each tap.
    let scenario: Scenario
    /// Told each transcript entry, in recording order.
    let onEntry: @Sendable (TranscriptEntry) -> Void

    /// The request the scenario's own app makes first (its timeout and accuracy), or a
    /// 30 s request for any fix.
    var request: ConsumerAction.LocationRequest {
        for action in scenario.consumer {
            if case .requestLocation(let request) = action { return request }
        }
        return ConsumerAction.LocationRequest()
    }

    func requestCurrentLocation() async -> LocationRequestOutcome {
        let request = self.request
        let result = Locked<LocationRequestOutcome?>(nil)
        // The finished run's transcript is in recording order; entries handed out live
        // (`run(onEntry:)`) can swap two entries of the same instant.
        let run = await ScenarioRunner(scenario: scenario).run(app: { app in
            await app.note("location button tapped: \(ConsumerAction.requestLocation(request))")
            let requester = ReportLocationRequester(
                service: app.service, timeout: request.timeout.duration, desiredAccuracy: request.accuracy)
            let outcome = await requester.requestCurrentLocation()
            await app.note("← \(outcome)")
            result.withLock { $0 = outcome }
        })
        for entry in run.transcript { onEntry(entry) }
        return result.withLock { $0 } ?? .failed(.cancelled)
    }
}
