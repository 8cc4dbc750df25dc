import Location
import ReportSteps
import Scenarios

/// "Request GPS position" / "Use current location" answered by a scenario: each tap plays
/// the scenario (its scripted permission answer and receiver timeline, through a real
/// `LocationService` on a virtual clock) with the app asking for permission, then for one
/// position, exactly as ``ReportLocationRequester`` does against gpsd.
///
/// Each tap starts the scenario from its beginning, so a scenario that starts
/// `notDetermined` shows its permission question on every tap. `onEntry` receives the
/// transcript lines, in order, when the run ends (the wizard prints them under the screen).
struct ScenarioLocationRequester: CurrentLocationRequesting {
    /// The scenario played on each tap.
    let scenario: Scenario
    /// Told each transcript entry as it is written.
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
        var played = scenario
        played.consumer = [.requestAuthorization, .requestLocation(request)]
        // The finished run's transcript is in recording order; entries handed out live
        // (`run(onEntry:)`) can swap two entries of the same instant.
        let run = await ScenarioRunner(scenario: played).run()
        for entry in run.transcript { onEntry(entry) }
        return Self.outcome(of: run)
    }

    /// What the wizard shows for a played run: the fix, the permission alert, or why there
    /// was no position.
    static func outcome(of run: ScenarioRun) -> LocationRequestOutcome {
        let status = run.finalAuthorization.status
        if !status.isAuthorized { return .permissionBlocked(status == .restricted ? .restricted : .denied) }
        guard let last = run.requests.last else { return .failed(.cancelled) }
        if let fix = last.fix { return .located(fix.coordinate) }
        return ReportLocationRequester.outcome(for: last.error ?? .cancelled)
    }
}
