import Hummingbird
import Location
import PetSpotJSON

/// `GET /healthz` (the process answers) and `GET /readyz` (the location source's state).
struct HealthController {
    let location: LocationSource

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/healthz") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            return .json(.object([("status", "ok")]))
        }
        router.get("/readyz") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            return try await readiness()
        }
    }

    /// 200 `{"status": "ready", "location": {…}}`; 503 problem details with the same
    /// `location` member when the source's provider is unavailable right now.
    func readiness() async throws(Problem) -> Response {
        guard let service = location.service else {
            return .json(
                .object([
                    ("status", "ready"),
                    (
                        "location",
                        .object([
                            ("source", nil), ("authorization", nil), ("providerRunning", false), ("state", nil),
                        ])
                    ),
                ]))
        }
        let state = await service.currentState
        let running = await service.isProviderRunning
        let object: JSONValue = .object([
            ("source", .string(location.name)), ("authorization", .string(service.authorizationStatus.rawValue)),
            ("providerRunning", .bool(running)), ("state", .string(state?.stateName)),
        ])
        if case .providerUnavailable? = state {
            throw Problem(
                .serviceUnavailable, detail: "The location source is unavailable: \(state?.description ?? "").",
                extensions: [("location", object)])
        }
        return .json(.object([("status", "ready"), ("location", object)]))
    }
}
