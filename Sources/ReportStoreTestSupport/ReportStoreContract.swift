import Geodata
import Geodesy
public import ReportStore

/// The implementation requirements of ``ReportStore`` as a check every store must pass: the
/// SQLite store, the PostgreSQL store, any other. Like swift-log's shared `LogHandler` test.
///
/// ```swift
/// let violations = await ReportStoreContract.check { try SQLiteReportStore(path: path) }
/// #expect(violations.isEmpty, "\(violations)")     // [ReportStoreViolation], each with its requirement
/// ```
///
/// `open` must give the same, initially empty, store each time it is called: the check
/// closes it and opens it again to see that what was acknowledged lasts.
public enum ReportStoreContract {
    /// The parts of the contract the checks belong to.
    public enum Requirement: String, Sendable, Hashable, CaseIterable {
        /// The store opens.
        case opening = "opening the store"
        /// A new store is empty.
        case newStore = "a new store"
        /// What is added reads back as it was added.
        case addingAndReading = "adding and reading"
        /// Duplicate ids and invalid reports are refused, and change nothing.
        case refusals = "duplicates and invalid reports"
        /// Listing is in id order by bytes, in pages that continue.
        case listing
        /// Status changes and removals last and reach nearby search.
        case statusAndRemoval = "status and removal"
        /// A status changes only as the transition table allows; the same status announces nothing.
        case transitions = "status transitions"
        /// Imports are all or nothing and list every problem by line.
        case imports
        /// Imports of hundreds of rows, in an engine's batches.
        case largeImports = "large imports"
        /// A CSV import keeps what its rows make, whichever way a row reaches the engine.
        case csvImports = "CSV imports"
        /// Nearby answers what `NearbySearch` answers.
        case nearby
        /// Nearest is a brute-force sort of the open reports, paged.
        case nearest = "nearest open reports"
        /// The owner token's digest is kept and changed alone.
        case owners
        /// Idempotency keys are kept, found and unique.
        case idempotencyKeys = "idempotency keys"
        /// Every change is in the event log, in order, and signalled.
        case events
        /// New reports are given a time, renewing sets it, the expired ones are found.
        case renewal = "renewal and expiry"
        /// The open reports by microchip key are a brute-force filter's.
        case microchips

        /// What was acknowledged lasts across closing and opening again.
        case reopening
    }

    /// Runs every check.
    ///
    /// - Returns: every broken requirement, with what was seen (empty: the store conforms).
    public static func check(open: @Sendable () async throws -> any ReportStore) async -> [ReportStoreViolation] {
        await ContractLog.checking(.opening, open: open) { store, log in
            await log.run(.newStore) { try await empty(store, &$0) }
            await log.run(.addingAndReading) { try await addAndRead(store, &$0) }
            await log.run(.refusals) { try await refusals(store, &$0) }
            await log.run(.listing) { try await listing(store, &$0) }
            await log.run(.statusAndRemoval) { try await statusAndRemoval(store, &$0) }
            await log.run(.transitions) { try await transitions(store, &$0) }
            await log.run(.imports) { try await imports(store, &$0) }
            await log.run(.largeImports) { try await largeImports(store, &$0) }
            await log.run(.csvImports) { try await csvImports(store, &$0) }
            await log.run(.nearby) { try await nearby(store, &$0) }
            await log.run(.nearest) { try await nearest(store, &$0) }
            await log.run(.owners) { try await owners(store, &$0) }
            await log.run(.idempotencyKeys) { try await idempotencyKeys(store, &$0) }
            await log.run(.events) { try await events(store, &$0) }
            await log.run(.renewal) { try await renewal(store, &$0) }
            await log.run(.microchips) { try await microchips(store, &$0) }
            let before = try? await store.list(ReportListQuery(limit: ReportListQuery.maximumLimit))
            await store.close()
            await log.run(.reopening) {
                let again = try await open()
                let after = try await again.list(ReportListQuery(limit: ReportListQuery.maximumLimit))
                if after != before { $0.append("what was stored before closing differs after opening it again") }
                let near = try await again.nearby(warsaw, margin: .zero, limit: nil)
                let expected = try reference(after, near: warsaw, margin: .zero)
                if near.matches.map(\.id) != expected.map(\.id) {
                    $0.append("nearby after reopening: \(near.matches.map(\.id)) instead of \(expected.map(\.id))")
                }
                await again.close()
            }
        }
    }

    static let warsaw = (try? Coordinate(latitude: 52.2297, longitude: 21.0122)) ?? place(0, 0)

    /// A coordinate from checked degrees (the contract's own constants and generated values).
    static func place(_ latitude: Double, _ longitude: Double) -> Coordinate {
        guard let latitude = try? Latitude(degrees: latitude), let longitude = try? Longitude(degrees: longitude) else {
            preconditionFailure("the contract made a coordinate out of range: \(latitude), \(longitude)")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    static func missing(_ id: String, _ latitude: Double, _ longitude: Double, km: Double) throws -> PetReport {
        try PetReport.missing(id: id, coordinate: place(latitude, longitude), radius: SearchRadius(kilometers: km))
    }

    static func expectError(
        _ reason: ReportStoreError.Reason, _ log: inout [String], _ what: String,
        _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
            log.append("\(what) succeeded; it should fail with \(reason)")
        } catch let error as ReportStoreError where error.reason == reason {
        } catch let error as ReportStoreError {
            log.append("\(what) failed with \(error.reason) (\(error)), not \(reason)")
        } catch {
            log.append("\(what) threw \(error), not a ReportStoreError")
        }
    }

}
