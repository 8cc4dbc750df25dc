import CoreMetrics
import ReportStore

/// A reports store whose every call is timed (`petspot_store_operation_duration_seconds`) and
/// counted while it runs (`petspot_store_calls_in_flight`), and whose failures are counted
/// (`petspot_store_errors_total`), by operation. A failure is the store's: unreachable, or an
/// error it should not have had. An answer about the request — no such report, a duplicate,
/// an invalid report — is the store doing its job, and is timed like any answer.
struct MeasuredReportStore: WrappingReportStore {
    let base: any ReportStore

    func wrap<T: Sendable>(_ operation: String, _ body: @escaping @Sendable () async throws(ReportStoreError) -> T)
        async throws(ReportStoreError) -> T
    {
        try await measure(operation, body)
    }

    func measure<T>(_ operation: String, _ body: () async throws(ReportStoreError) -> T)
        async throws(ReportStoreError) -> T
    {
        let start = ContinuousClock.now
        ServiceMetrics.storeCallsInFlight.increment()
        defer { ServiceMetrics.storeCallsInFlight.decrement() }
        do {
            let value = try await body()
            Timer(label: "petspot_store_operation_duration_seconds", dimensions: [("operation", operation)])
                .recordInterval(since: start)
            return value
        } catch {
            if Self.isFailure(error) {
                Counter(label: "petspot_store_errors_total", dimensions: [("operation", operation)]).increment()
            } else {
                Timer(label: "petspot_store_operation_duration_seconds", dimensions: [("operation", operation)])
                    .recordInterval(since: start)
            }
            throw error
        }
    }

    /// Whether `error` is the store failing (unreachable, or a store error), not an answer about
    /// the request (unknown id, duplicate, invalid report or import, bad URL).
    static func isFailure(_ error: ReportStoreError) -> Bool {
        error.reason == .unavailable || error.reason == .storage
    }

    func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
        -> ImportSummary
    {
        try await measure("import") { () async throws(ReportStoreError) in
            try await base.importReports(source, skipInvalid: skipInvalid)
        }
    }
}

extension Timer {
    /// Records the time since `start`.
    func recordInterval(since start: ContinuousClock.Instant) {
        let (seconds, attoseconds) = start.duration(to: .now).components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
