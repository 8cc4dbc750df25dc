import CoreMetrics
import ReportStore

/// A reports store whose every call is timed (`petspot_store_operation_duration_seconds`) and
/// whose errors are counted (`petspot_store_errors_total`), by operation.
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
        do {
            let value = try await body()
            Timer(label: "petspot_store_operation_duration_seconds", dimensions: [("operation", operation)])
                .recordInterval(since: start)
            return value
        } catch {
            Counter(label: "petspot_store_errors_total", dimensions: [("operation", operation)]).increment()
            throw error
        }
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
