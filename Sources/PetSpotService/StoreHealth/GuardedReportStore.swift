import ReportStore

/// A reports store behind a circuit kept by ``StoreHealth``: while the store is known
/// unreachable every call fails at once (503 with `Retry-After` at the HTTP edge); a call in
/// flight when it becomes unreachable fails then, not at its own timeout; a call that finds the
/// store unreachable tells the health at once. The first successful ping closes the circuit.
struct GuardedReportStore: WrappingReportStore {
    let base: any ReportStore
    let health: StoreHealth

    private enum Outcome<T: Sendable>: Sendable {
        case value(T)
        case unreachable
    }

    func wrap<T: Sendable>(_ operation: String, _ body: @escaping @Sendable () async throws(ReportStoreError) -> T)
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

    func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
        -> ImportSummary
    {
        // A source is read once and is not Sendable: an import is not raced, only refused while
        // the store is down.
        if let error = health.unreachableError { throw error }
        return try await base.importReports(source, skipInvalid: skipInvalid)
    }
}
