import Hummingbird
import Location
import PetSpotJSON

/// `GET /healthz` (the process answers) and `GET /readyz` (the location source's state and
/// whether the reports store answers).
struct HealthController {
    let location: LocationSource
    /// The reports store's health, when the server has a store.
    let store: StoreHealth?

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

    /// 200 `{"status": "ready", "location": {…}, "store": {…}}`; 503 problem details with the
    /// same members when the source's provider is unavailable right now or the reports store does
    /// not answer (as last pinged, at most half a second ago). What the store said is the
    /// operator's (the log has it), not the public's.
    func readiness() async throws(Problem) -> Response {
        let storeObject: JSONValue =
            store.map { health in
                let status = health.status
                return .object([
                    ("reachable", .bool(status.reachable)),
                    ("reason", status.reachable ? .null : .string(ReportsController.storeUnavailable)),
                ])
            } ?? nil
        if let status = store?.status, !status.reachable {
            throw Problem(
                .serviceUnavailable, detail: ReportsController.storeUnavailable,
                extensions: [("store", storeObject)], headers: [.retryAfter: "1"])
        }
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
                    ("store", storeObject),
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
                extensions: [("location", object), ("store", storeObject)])
        }
        return .json(.object([("status", "ready"), ("location", object), ("store", storeObject)]))
    }
}
