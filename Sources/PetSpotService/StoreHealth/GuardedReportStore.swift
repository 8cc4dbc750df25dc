import Geodata
import Geodesy
import ReportStore

/// A reports store behind a circuit kept by ``StoreHealth``: while the store is known
/// unreachable every call fails at once (503 with `Retry-After` at the HTTP edge); a call in
/// flight when it becomes unreachable fails then, not at its own timeout; a call that finds the
/// store unreachable tells the health at once. The first successful ping closes the circuit.
struct GuardedReportStore: ReportStore {
    let base: any ReportStore
    let health: StoreHealth

    private enum Outcome<T: Sendable>: Sendable {
        case value(T)
        case unreachable
    }

    func guarded<T: Sendable>(_ body: @escaping @Sendable () async throws(ReportStoreError) -> T)
        async throws(ReportStoreError) -> T
    {
        if let error = health.unreachableError { throw error }
        let health = self.health
        let outcome: Outcome<T>
        do {
            outcome = try await withThrowingTaskGroup(of: Outcome<T>.self) { group in
                group.addTask { .value(try await body()) }
                group.addTask {
                    await health.untilUnreachable()
                    return .unreachable
                }
                defer { group.cancelAll() }
                return try await group.next() ?? .unreachable
            }
        } catch let error as ReportStoreError {
            if error.reason == .unavailable { health.markUnreachable(error) }
            throw error
        } catch {
            throw .storage("calling the store", "\(error)")
        }
        switch outcome {
        case .value(let value): return value
        case .unreachable:
            throw health.unreachableError ?? .unavailable("", "it stopped answering while this call waited.")
        }
    }

    func add(_ reports: [PetReport]) async throws(ReportStoreError) {
        try await guarded { () async throws(ReportStoreError) in try await base.add(reports) }
    }

    func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
        -> ImportSummary
    {
        // A source is read once and is not Sendable: an import is not raced, only refused while
        // the store is down.
        if let error = health.unreachableError { throw error }
        return try await base.importReports(source, skipInvalid: skipInvalid)
    }

    func report(id: String) async throws(ReportStoreError) -> PetReport {
        try await guarded { () async throws(ReportStoreError) in try await base.report(id: id) }
    }

    func report(idempotencyKey key: String) async throws(ReportStoreError) -> PetReport? {
        try await guarded { () async throws(ReportStoreError) in try await base.report(idempotencyKey: key) }
    }

    func setStatus(_ status: ReportStatus, id: String) async throws(ReportStoreError) -> PetReport {
        try await guarded { () async throws(ReportStoreError) in try await base.setStatus(status, id: id) }
    }

    func setOwnerTokenHash(_ hash: String?, id: String) async throws(ReportStoreError) -> PetReport {
        try await guarded { () async throws(ReportStoreError) in try await base.setOwnerTokenHash(hash, id: id) }
    }

    func remove(id: String) async throws(ReportStoreError) {
        try await guarded { () async throws(ReportStoreError) in try await base.remove(id: id) }
    }

    func list(_ query: ReportListQuery) async throws(ReportStoreError) -> [PetReport] {
        try await guarded { () async throws(ReportStoreError) in try await base.list(query) }
    }

    func count() async throws(ReportStoreError) -> Int {
        try await guarded { () async throws(ReportStoreError) in try await base.count() }
    }

    func nearby(_ location: Coordinate, margin: SearchRadius, limit: Int?) async throws(ReportStoreError)
        -> NearbyResult
    {
        try await guarded { () async throws(ReportStoreError) in
            try await base.nearby(location, margin: margin, limit: limit)
        }
    }

    func nearest(_ query: NearestQuery) async throws(ReportStoreError) -> [NearestReport] {
        try await guarded { () async throws(ReportStoreError) in try await base.nearest(query) }
    }

    func events(after sequence: Int64, limit: Int) async throws(ReportStoreError) -> [ReportEvent] {
        try await guarded { () async throws(ReportStoreError) in try await base.events(after: sequence, limit: limit) }
    }

    func latestEventSequence() async throws(ReportStoreError) -> Int64 {
        try await base.latestEventSequence()
    }

    func changeSignals() async -> AsyncStream<Void> {
        await base.changeSignals()
    }

    func ping(within timeout: Duration) async throws(ReportStoreError) {
        try await base.ping(within: timeout)
    }

    func prepareForQueries() async throws(ReportStoreError) -> Int? {
        try await base.prepareForQueries()
    }

    func close() async {
        await base.close()
    }
}
