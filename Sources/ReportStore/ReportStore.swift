public import Foundation
public import Geodata
import Geodesy

/// A place where pet reports last: the embedded SQLite file or a PostgreSQL + PostGIS
/// database, behind one API.
///
/// ## Implementation requirements
/// Every store passes `ReportStoreContract` (the `ReportStoreTestSupport` product), which checks:
/// - **Durability.** When a mutating call returns, its change is committed: it survives the
///   process being killed and the store being opened again.
/// - **All or nothing.** ``add(_:)`` and ``importReports(_:skipInvalid:)`` store every report
///   or none (an import, its source's ``ReportSource/subscriptions`` with them, as
///   ``AlertStore/addSubscription(_:)`` stores one); a failed call leaves the store as it was.
/// - **Identifiers are unique**: adding a stored identifier fails with
///   ``ReportStoreError/Reason/duplicateID`` and changes nothing.
/// - **Idempotency keys are unique**: adding a report whose ``PetReport/idempotencyKey`` a
///   stored report has fails with ``ReportStoreError/Reason/duplicateIdempotencyKey`` and
///   changes nothing; ``report(idempotencyKey:)`` finds the stored one.
/// - **Order.** ``list(_:)`` is in identifier order by UTF-8 bytes (``ReportID/precedes(_:_:)``).
/// - **Nearby** is exactly `NearbySearch`'s: the `ACTIVE` missing reports with a place and a
///   radius whose geodesic distance (`geod_inverse`) to the found place is at most radius +
///   margin, nearest first, ties by identifier; the same ids in the same order as
///   `NearbySearch` built over those reports in identifier order, metres within 1 mm, each
///   with its report's ``ReportMatch/facts``. A report's status change or removal is reflected
///   by the next query.
/// - **Nearest** (``nearest(_:)``) is the open reports (``PetReport/isOpen``) with a place, of
///   the kind asked for, by geodesic distance (`geod_inverse`) to the location, ties by
///   identifier, then the page `offset ..< offset + limit`: the same ids in the same order as a
///   brute-force sort of every stored report, metres within 1 mm.
/// - **Microchips.** ``openReports(of:microchipKey:)`` is exactly the open reports of the kind
///   whose ``MicrochipKey/key(_:)`` is the key, in identifier order (none for a text that is
///   no key).
/// - **Age.** ``add(_:)`` and ``importReports(_:skipInvalid:)`` set the time of a report that has
///   no ``PetReport/renewedAt`` to now; ``renew(id:)`` sets it to now;
///   ``openReports(of:renewedBefore:limit:)`` is exactly the open reports of that kind renewed
///   before the cutoff, oldest first.
/// - **Errors** are ``ReportStoreError``s whose message says what to do; a store that cannot
///   be reached fails with ``ReportStoreError/Reason/unavailable``, never a crash or a hang.
///
/// ```swift
/// let store = try await SQLiteReportStore(path: path)
/// try await store.add([try .missing(id: "r-1", coordinate: warsaw, radius: SearchRadius(kilometers: 15))])
/// let near = try await store.nearby(foundAt, margin: .zero, limit: 10)
/// ```
public protocol ReportStore: AlertStore, SightingStore {
    /// Stores `reports`, all or none.
    ///
    /// - Throws: ``ReportStoreError``: a duplicate identifier, an invalid report, an
    ///   unreachable store.
    func add(_ reports: [PetReport]) async throws(ReportStoreError)

    /// Stores the reports of `source`, and its ``ReportSource/subscriptions`` as they are, in
    /// one transaction. Invalid rows (and identifiers already stored or repeated) are problems:
    /// with `skipInvalid` they are skipped and reported; without it nothing is stored and the
    /// error lists them. A source with neither rows nor subscriptions is an error.
    ///
    /// - Returns: how many were stored and what was skipped.
    /// - Throws: ``ReportStoreError/Reason/invalidImport`` listing every problem; a subscription
    ///   that cannot be stored (a duplicate id or token, ``Subscription`` values no store keeps:
    ///   then nothing is stored); or an unreachable store.
    func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
        -> ImportSummary

    /// The report with `id`.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound``.
    func report(id: String) async throws(ReportStoreError) -> PetReport

    /// The report made with idempotency key `key` (``PetReport/idempotencyKey``), or `nil`.
    func report(idempotencyKey key: String) async throws(ReportStoreError) -> PetReport?

    /// Sets the status of report `id`, if its kind and status allow it (``StatusTransitions``),
    /// and returns the report as stored. The rule is checked in the statement that writes, so
    /// changes sent at once (by any server) can never store a transition the table forbids. The
    /// status the report already has changes nothing and announces nothing (no event).
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound``; ``ReportStoreError/Reason/statusNotForKind``
    ///   or ``ReportStoreError/Reason/statusNotAllowed`` (nothing changed).
    func setStatus(_ status: ReportStatus, id: String) async throws(ReportStoreError) -> PetReport

    /// Sets who may change report `id` besides the operator (the digest of its new owner token;
    /// `nil`: the operator alone) and returns the report as stored.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound``; invalid report for a malformed digest.
    func setOwnerTokenHash(_ hash: String?, id: String) async throws(ReportStoreError) -> PetReport

    /// Resets report `id`'s age: its ``PetReport/renewedAt`` becomes the store's time now
    /// (whatever its status: renewing does not reopen a closed report). Returns the report as
    /// stored. Announces nothing (no event): no status or place changed.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound``.
    func renew(id: String) async throws(ReportStoreError) -> PetReport

    /// The open reports of `kind` (``ReportKind/openStatus``) whose ``PetReport/renewedAt`` is
    /// before `cutoff`, oldest first, ties by identifier, at most `limit`: the reports that have
    /// outlived their time (``ReportLifetimes``). A report without `renewedAt` never expires.
    ///
    /// - Throws: ``ReportStoreError``: an unreachable store.
    func openReports(of kind: ReportKind, renewedBefore cutoff: Date, limit: Int) async throws(ReportStoreError)
        -> [PetReport]

    /// Removes report `id`.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound``.
    func remove(id: String) async throws(ReportStoreError)

    /// A page of reports in identifier order.
    func list(_ query: ReportListQuery) async throws(ReportStoreError) -> [PetReport]

    /// How many reports are stored.
    func count() async throws(ReportStoreError) -> Int

    /// The open missing reports within reach of `location`, nearest first, at most `limit`.
    func nearby(_ location: Coordinate, margin: SearchRadius, limit: Int?) async throws(ReportStoreError)
        -> NearbyResult

    /// A page of the open reports with a place, nearest first to `query.location` (geodesic
    /// distance), ties by identifier, each with its distance in metres.
    ///
    /// - Throws: ``ReportStoreError``: an unreachable store.
    func nearest(_ query: NearestQuery) async throws(ReportStoreError) -> [NearestReport]

    /// Every open report of `kind` with a place at most `meters` from `location` (geodesic
    /// distance), nearest first, ties by identifier: a missing report's possible matches. One
    /// query, however many there are (the extension's default pages through ``nearest(_:)``).
    ///
    /// - Throws: ``ReportStoreError``: an unreachable store.
    func openReports(of kind: ReportKind, within meters: Double, of location: Coordinate)
        async throws(ReportStoreError) -> [NearestReport]

    /// The open reports of `kind` (``PetReport/isOpen``) whose microchip number has the key
    /// `key` (``MicrochipKey``), wherever and whenever they were reported, in identifier order:
    /// the same pet by its chip; none for a `key` that is no key (``MicrochipKey/isKey(_:)``).
    /// One indexed query.
    ///
    /// - Throws: ``ReportStoreError``: an unreachable store.
    func openReports(of kind: ReportKind, microchipKey key: String) async throws(ReportStoreError) -> [PetReport]

    /// The stored reports of `ids`, in the order asked (an id repeated, repeated; one not stored,
    /// left out): candidates read in one call (the extension's default reads one at a time).
    ///
    /// - Throws: ``ReportStoreError``: an unreachable store.
    func reports(ids: [String]) async throws(ReportStoreError) -> [PetReport]

    /// Loads what queries need before the first one arrives (the SQLite store's nearby index),
    /// so a server answers its first request as fast as the rest.
    ///
    /// - Returns: how many open missing reports are indexed, when the store keeps an index.
    @discardableResult
    func prepareForQueries() async throws(ReportStoreError) -> Int?

    /// The changes after event `sequence` (``ReportEvent``), oldest first, at most `limit`: what
    /// every server made through ``add(_:)``, ``setStatus(_:id:)`` and ``remove(id:)``, kept
    /// for ``ReportEvent/kept``.
    func events(after sequence: Int64, limit: Int) async throws(ReportStoreError) -> [ReportEvent]

    /// The newest event's number (0 before the first): where a new client starts.
    func latestEventSequence() async throws(ReportStoreError) -> Int64

    /// A signal after changes committed by any server on the store (PostgreSQL `LISTEN`; the
    /// process's own changes for SQLite, which one server owns), to be followed by
    /// ``events(after:limit:)``. A signal may stand for several changes, and may come with none
    /// (after a reconnection); it ends when the store closes. One consumer per store.
    func changeSignals() async -> AsyncStream<Void>

    /// Checks, within `timeout`, that the store answers now (a server's readiness): a trivial
    /// query on a connection of its own, so a pool that is backing off does not delay the answer.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` saying why it does not answer.
    func ping(within timeout: Duration) async throws(ReportStoreError)

    /// Releases connections and files. The store is not used afterwards.
    func close() async
}
