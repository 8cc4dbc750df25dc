import Foundation
import Geodata
import Geodesy
import ReportStore

/// A reports store that runs every call of another store (``base``) through one hook: what
/// ``MeasuredReportStore`` (timing and counting) and ``GuardedReportStore`` (the circuit) have in
/// common, written once. A call is named by its operation (the metrics' `operation` label).
/// ``importReports(_:skipInvalid:)`` is each wrapper's own (a source is read once and is not
/// `Sendable`); the event signal, the ping, the preparation and closing pass straight through.
protocol WrappingReportStore: ReportPhotoStore {
    /// The store whose calls are wrapped.
    var base: any ReportStore { get }

    /// Runs `body`, the call `operation` of ``base``.
    func wrap<T: Sendable>(_ operation: String, _ body: @escaping @Sendable () async throws(ReportStoreError) -> T)
        async throws(ReportStoreError) -> T
}

extension WrappingReportStore {
    /// Runs `body` on ``base``, as the call `operation` (``wrap(_:_:)``).
    func call<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (any ReportStore) async throws(ReportStoreError) -> T
    ) async throws(ReportStoreError) -> T {
        let base = self.base
        return try await wrap(operation) { () async throws(ReportStoreError) in try await body(base) }
    }

    func add(_ reports: [PetReport]) async throws(ReportStoreError) {
        try await call("add") { base async throws(ReportStoreError) in try await base.add(reports) }
    }

    func report(id: String) async throws(ReportStoreError) -> PetReport {
        return try await call("report") { base async throws(ReportStoreError) in try await base.report(id: id) }
    }

    func report(idempotencyKey key: String) async throws(ReportStoreError) -> PetReport? {
        return try await call("reportByIdempotencyKey") { base async throws(ReportStoreError) in
            try await base.report(idempotencyKey: key)
        }
    }

    func reports(ids: [String]) async throws(ReportStoreError) -> [PetReport] {
        return try await call("reports") { base async throws(ReportStoreError) in try await base.reports(ids: ids) }
    }

    func setStatus(_ status: ReportStatus, id: String) async throws(ReportStoreError) -> PetReport {
        return try await call("setStatus") { base async throws(ReportStoreError) in
            try await base.setStatus(status, id: id)
        }
    }

    func setOwnerTokenHash(_ hash: String?, id: String) async throws(ReportStoreError) -> PetReport {
        return try await call("setOwner") { base async throws(ReportStoreError) in
            try await base.setOwnerTokenHash(hash, id: id)
        }
    }

    func renew(id: String) async throws(ReportStoreError) -> PetReport {
        return try await call("renew") { base async throws(ReportStoreError) in try await base.renew(id: id) }
    }

    func openReports(of kind: ReportKind, renewedBefore cutoff: Date, limit: Int) async throws(ReportStoreError)
        -> [PetReport]
    {
        return try await call("expiredReports") { base async throws(ReportStoreError) in
            try await base.openReports(of: kind, renewedBefore: cutoff, limit: limit)
        }
    }

    func remove(id: String) async throws(ReportStoreError) {
        try await call("remove") { base async throws(ReportStoreError) in try await base.remove(id: id) }
    }

    func list(_ query: ReportListQuery) async throws(ReportStoreError) -> [PetReport] {
        return try await call("list") { base async throws(ReportStoreError) in try await base.list(query) }
    }

    func count() async throws(ReportStoreError) -> Int {
        return try await call("count") { base async throws(ReportStoreError) in try await base.count() }
    }

    func nearby(_ location: Coordinate, margin: SearchRadius, limit: Int?) async throws(ReportStoreError)
        -> NearbyResult
    {
        return try await call("nearby") { base async throws(ReportStoreError) in
            try await base.nearby(location, margin: margin, limit: limit)
        }
    }

    func nearest(_ query: NearestQuery) async throws(ReportStoreError) -> [NearestReport] {
        return try await call("nearest") { base async throws(ReportStoreError) in try await base.nearest(query) }
    }

    func openReports(of kind: ReportKind, within meters: Double, of location: Coordinate)
        async throws(ReportStoreError) -> [NearestReport]
    {
        return try await call("openReports") { base async throws(ReportStoreError) in
            try await base.openReports(of: kind, within: meters, of: location)
        }
    }

    func openReports(of kind: ReportKind, microchipKey key: String) async throws(ReportStoreError) -> [PetReport] {
        return try await call("openReportsByMicrochip") { base async throws(ReportStoreError) in
            try await base.openReports(of: kind, microchipKey: key)
        }
    }

    func events(after sequence: Int64, limit: Int) async throws(ReportStoreError) -> [ReportEvent] {
        return try await call("events") { base async throws(ReportStoreError) in
            try await base.events(after: sequence, limit: limit)
        }
    }

    func latestEventSequence() async throws(ReportStoreError) -> Int64 { try await base.latestEventSequence() }

    func changeSignals() async -> AsyncStream<Void> { await base.changeSignals() }

    func ping(within timeout: Duration) async throws(ReportStoreError) { try await base.ping(within: timeout) }

    func prepareForQueries() async throws(ReportStoreError) -> Int? { try await base.prepareForQueries() }

    func close() async { await base.close() }
}
