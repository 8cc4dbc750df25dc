import HTTPTypes
import Locking
import PetSpotJSON

/// Scenario runs (`POST /v1/scenarios/{name}/run`, up to a second of CPU each for a large
/// posted document) are admitted up to a number at once and run on a thread of their own
/// (``DedicatedThreadExecutor``), one after another's turns: a burst of them no longer delays
/// every other request (`/healthz` waited 4–10 s behind 16 runs on the shared pool).
struct ScenarioRunAdmission: Sendable {
    /// Runs admitted at once, running or waiting.
    let admitted: Int
    private let inFlight = Locked(0)
    private let executor: DedicatedThreadExecutor

    init(admitted: Int, executor: DedicatedThreadExecutor = .scenarioRuns) {
        self.admitted = max(1, admitted)
        self.executor = executor
    }

    /// Runs `body` on the scenario thread, or throws 503 with `Retry-After` when `admitted`
    /// runs are already in flight.
    func run<T: Sendable>(_ body: () async throws(Problem) -> T) async throws(Problem) -> T {
        let admitted = self.admitted
        let entered = inFlight.withLock { count in
            guard count < admitted else { return false }
            count += 1
            return true
        }
        guard entered else {
            ServiceMetrics.refused(.scenarioRunsBusy)
            throw Problem(
                .serviceUnavailable,
                detail:
                    "\(admitted) scenario runs are already in progress, the most this server takes at once; try again in a few seconds.",
                extensions: [("reason", "scenarioRunsBusy")], headers: [.retryAfter: "2"])
        }
        defer { inFlight.withLock { $0 -= 1 } }
        return try await withTaskExecutorPreference(executor) { () async throws(Problem) -> T in try await body() }
    }
}
