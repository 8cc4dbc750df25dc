import CoreMetrics
import Geodata
import Geodesy
import ReportStore

/// A reports store whose every call is timed (`petspot_store_operation_duration_seconds`) and
/// whose errors are counted (`petspot_store_errors_total`), by operation.
struct MeasuredReportStore: ReportStore {
    let base: any ReportStore

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

    func add(_ reports: [PetReport]) async throws(ReportStoreError) {
        try await measure("add") { () async throws(ReportStoreError) in try await base.add(reports) }
    }

    func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
        -> ImportSummary
    {
        try await measure("import") { () async throws(ReportStoreError) in
            try await base.importReports(source, skipInvalid: skipInvalid)
        }
    }

    func report(id: String) async throws(ReportStoreError) -> PetReport {
        try await measure("report") { () async throws(ReportStoreError) in try await base.report(id: id) }
    }

    func report(idempotencyKey key: String) async throws(ReportStoreError) -> PetReport? {
        try await measure("reportByIdempotencyKey") { () async throws(ReportStoreError) in
            try await base.report(idempotencyKey: key)
        }
    }

    func setStatus(_ status: ReportStatus, id: String) async throws(ReportStoreError) -> PetReport {
        try await measure("setStatus") { () async throws(ReportStoreError) in
            try await base.setStatus(status, id: id)
        }
    }

    func setOwnerTokenHash(_ hash: String?, id: String) async throws(ReportStoreError) -> PetReport {
        try await measure("setOwner") { () async throws(ReportStoreError) in
            try await base.setOwnerTokenHash(hash, id: id)
        }
    }

    func remove(id: String) async throws(ReportStoreError) {
        try await measure("remove") { () async throws(ReportStoreError) in try await base.remove(id: id) }
    }

    func list(_ query: ReportListQuery) async throws(ReportStoreError) -> [PetReport] {
        try await measure("list") { () async throws(ReportStoreError) in try await base.list(query) }
    }

    func count() async throws(ReportStoreError) -> Int {
        try await measure("count") { () async throws(ReportStoreError) in try await base.count() }
    }

    func nearby(_ location: Coordinate, margin: SearchRadius, limit: Int?) async throws(ReportStoreError)
        -> NearbyResult
    {
        try await measure("nearby") { () async throws(ReportStoreError) in
            try await base.nearby(location, margin: margin, limit: limit)
        }
    }

    func nearest(_ query: NearestQuery) async throws(ReportStoreError) -> [NearestReport] {
        try await measure("nearest") { () async throws(ReportStoreError) in try await base.nearest(query) }
    }

    func events(after sequence: Int64, limit: Int) async throws(ReportStoreError) -> [ReportEvent] {
        try await measure("events") { () async throws(ReportStoreError) in
            try await base.events(after: sequence, limit: limit)
        }
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

extension Timer {
    /// Records the time since `start`.
    func recordInterval(since start: ContinuousClock.Instant) {
        let (seconds, attoseconds) = start.duration(to: .now).components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
