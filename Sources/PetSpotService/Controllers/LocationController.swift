import Hummingbird
import Location
import NIOCore
import PetSpotJSON
import Scenarios

/// `GET /v1/location`: one fix (`locate --json`'s object) from the server's source, or from
/// a scenario played for this request only (`?scenario=NAME`, a QA tool that never changes
/// the live source or the consent).
///
/// Failures are problem details: 403 with `"reason": "denied"`, `"restricted"` or
/// `"notDetermined"`; 504 no fix in time (the detail says what was seen); 503 no source or
/// the source unavailable. Nothing here asks for or grants permission.
struct LocationController {
    let location: LocationSource
    /// Who may have the server's own position.
    let access: LocationAccess

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/location") { request, context -> Response in
            let query = try Query(request, allowed: ["timeout", "accuracy", "maximumAge", "scenario"])
            let timeout =
                try query.number(
                    "timeout", in: 0.001...ServiceLimits.maximumLocationTimeout,
                    "a number of seconds above 0 (at most \(Int(ServiceLimits.maximumLocationTimeout)))") ?? 30
            let accuracy = try query.number("accuracy", in: 0.001...1e9, "a number of metres above 0")
            let maximumAge = try query.number("maximumAge", in: 0...86_400, "a number of seconds from 0 to 86400") ?? 5
            let result: Result<LocationFix, LocationError>
            if let name = query["scenario"] {
                let scenario = try ScenariosController.bundled(name, parameter: "scenario")
                result = await Self.play(scenario, timeout: timeout, accuracy: accuracy, maximumAge: maximumAge)
            } else {
                try access.check(request, from: context.client)
                guard let service = location.service else { throw Self.noSource }
                do throws(LocationError) {
                    result = .success(
                        try await service.requestLocation(
                            timeout: Self.duration(timeout), desiredAccuracy: accuracy,
                            maximumAge: Self.duration(maximumAge)))
                } catch {
                    result = .failure(error)
                }
            }
            switch result {
            case .success(let fix): return .text(LocationJSON.fix(fix), contentType: "application/json")
            case .failure(let error): throw Self.problem(error)
            }
        }
    }

    /// The 503 answered when the server was started without `--gpsd` or `--scenario`.
    static let noSource = Problem(
        .serviceUnavailable,
        detail:
            "This server has no location source (start it with --gpsd or --scenario); use the browser's geolocation, or ?scenario=NAME to play a scenario.",
        extensions: [("reason", "noSource")])

    /// The problem for a request that gave no fix.
    static func problem(_ error: LocationError) -> Problem {
        let reason: [(String, JSONValue)] = [("reason", .string(LocationJSON.errorCode(error)))]
        switch error {
        case .notDetermined, .denied, .restricted:
            return Problem(.forbidden, detail: error.description, extensions: reason)
        case .noFix:
            return Problem(.gatewayTimeout, detail: error.description, extensions: reason)
        case .providerUnavailable, .cancelled:
            return Problem(.serviceUnavailable, detail: error.description, extensions: reason)
        }
    }

    /// Plays `scenario` with the app asking for permission (the scenario's scripted person
    /// answers) and then for one location, on a virtual clock: as `petspot locate --scenario`.
    static func play(
        _ scenario: Scenario, timeout: Double, accuracy: Double?, maximumAge: Double
    ) async -> Result<LocationFix, LocationError> {
        var scenario = scenario
        let request = ConsumerAction.LocationRequest(
            timeout: ScenarioDuration(duration(timeout)), accuracy: accuracy,
            maximumAge: ScenarioDuration(duration(maximumAge)))
        scenario.consumer = [.requestAuthorization, .requestLocation(request)]
        let run = await ScenarioRunner(scenario: scenario).run()
        guard let last = run.requests.last else { return .failure(.cancelled) }
        if let fix = last.fix { return .success(fix) }
        return .failure(last.error ?? .cancelled)
    }

    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
