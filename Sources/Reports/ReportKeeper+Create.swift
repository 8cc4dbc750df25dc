import Foundation
public import ReportSteps
public import ReportStore

/// Making a report: once however often it is asked for with one idempotency key (the IETF
/// httpapi draft "The Idempotency-Key HTTP Header Field"; the pages send a random UUID made
/// with each draft, so Submit pressed twice, or Back and Submit again, keeps one report).
extension ReportKeeper {
    /// Stores `report` with `photo` (both or neither, ``add(_:photo:)``), owned by `owner`
    /// (the store keeps its hash; `nil`: the operator's alone), its age starting now; with an
    /// idempotency `key`, a report made with `key` before is answered instead when it is the
    /// same report (``isSame(_:_:)``: nothing is stored, no token given). Two requests with one
    /// key at once: the store's unique key lets one in, and the other answers with its report.
    ///
    /// - Throws: ``ReportKeeperError/idempotencyKeyReused(key:report:)`` when `key` made
    ///   another report; ``ReportKeeperError/store(_:)``, ``ReportKeeperError/photo(_:)``.
    public func create(
        _ report: PetReport, photo: PhotoAttachment? = nil, idempotencyKey key: String? = nil, owner: OwnerToken?
    ) async throws(ReportKeeperError) -> ReportCreation {
        var report = report
        report.ownerTokenHash = owner?.hash
        // Made now: its age starts here, so that the answer is the report as stored.
        if report.renewedAt == nil { report.renewedAt = ReportTimestamp.text(now()) }
        guard let key else {
            try await add(report, photo: photo)
            return ReportCreation(report: report, ownerToken: owner, replayed: false)
        }
        if let stored = try await made(with: key) { return try replay(stored, report, key: key) }
        report.idempotencyKey = key
        do throws(ReportKeeperError) {
            try await add(report, photo: photo)
            return ReportCreation(report: report, ownerToken: owner, replayed: false)
        } catch {
            guard case .store(let failure) = error, failure.reason == .duplicateIdempotencyKey else { throw error }
            // Made by a request with the same key that got in first.
            guard let stored = try await made(with: key) else { throw error }  // and removed meanwhile
            return try replay(stored, report, key: key)
        }
    }

    /// `true` when `stored` is the report `candidate` would be: every field the request gave
    /// (its id, owner, photo URL, status, key and renewal time are the server's, and may have
    /// changed since).
    public static func isSame(_ stored: PetReport, _ candidate: PetReport) -> Bool {
        func given(_ report: PetReport) -> PetReport {
            var report = report
            report.id = ""
            report.status = .closed
            report.ownerTokenHash = nil
            report.photoUrl = nil
            report.idempotencyKey = nil
            report.renewedAt = nil
            return report
        }
        return given(stored) == given(candidate)
    }

    private func made(with key: String) async throws(ReportKeeperError) -> PetReport? {
        do throws(ReportStoreError) {
            return try await store.report(idempotencyKey: key)
        } catch {
            throw .store(error)
        }
    }

    private func replay(_ stored: PetReport, _ candidate: PetReport, key: String) throws(ReportKeeperError)
        -> ReportCreation
    {
        guard Self.isSame(stored, candidate) else { throw .idempotencyKeyReused(key: key, report: stored) }
        return ReportCreation(report: stored, ownerToken: nil, replayed: true)
    }
}
