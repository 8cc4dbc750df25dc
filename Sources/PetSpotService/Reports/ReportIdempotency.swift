import Foundation
import Hummingbird
import PetSpotJSON
import ReportStore

/// One report however often the request that makes it is sent: the `Idempotency-Key` header
/// (the IETF httpapi draft "The Idempotency-Key HTTP Header Field") of `POST /v1/reports/missing`,
/// `/found` and Submit report (`POST /v1/report-steps/{flow}/{last step}`). The report is
/// stored with its key (``PetReport/idempotencyKey``, unique in the store); the same key again
/// with the same report answers with the stored one (its id and card URL, no new owner token),
/// the same key with another report is a 422 (`reason` `idempotencyKeyReused`). The pages send
/// a random UUID made with each draft, so Submit pressed twice, or Back and Submit again,
/// keeps one report.
///
/// ```swift
/// let key = try ReportIdempotency.key(request)          // nil: no header, a new report each time
/// switch try await ReportIdempotency.keep(report, key: key, in: store, add: { try await store.add([$0]) }) {
/// case .created(let stored): …                          // 201
/// case .replayed(let stored): …                         // 200, the report made before
/// }
/// ```
enum ReportIdempotency {
    /// What keeping a report came to.
    enum Outcome {
        /// Stored now (with the key, when there was one).
        case created(PetReport)
        /// A report made with the key before, the same report: nothing was stored.
        case replayed(PetReport)
    }

    /// The key `request` sends, if any: the header's value, or the string inside its quotes
    /// (the draft writes it as a Structured Field string, `"8e03…"`; clients also send it bare).
    ///
    /// - Throws: ``Problem``: 400 (`reason` `badIdempotencyKey`) for a key that breaks the
    ///   ``IdempotencyKey`` rules or a header sent twice.
    static func key(_ request: Request) throws(Problem) -> String? {
        let values = request.headers[values: .idempotencyKey]
        guard var text = values.first else { return nil }
        guard values.count == 1 else { throw bad("is sent more than once; send one key") }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        if let problem = IdempotencyKey.problem(text) { throw bad(problem) }
        return text
    }

    /// Stores `report` through `add` with `key`, unless a report made with `key` is stored
    /// already: then that report when it is the same (``isSame(_:_:)``), or a 422 when it is not.
    /// Two requests with one key at once: the store's unique key lets one in, and the other
    /// answers with its report.
    ///
    /// - Throws: ``Problem`` (the key reused with another report; a store error); what `add`
    ///   throws besides a store error (a photo that could not be kept) as it is.
    static func keep(
        _ report: PetReport, key: String?, in store: any ReportStore,
        add: (PetReport) async throws -> Void
    ) async throws -> Outcome {
        // Made now: its age starts here, so that the answer is the report as stored.
        var report = report
        if report.renewedAt == nil { report.renewedAt = ReportTimestamp.text(Date()) }
        guard let key else {
            try await ReportsController.storeCall { try await add(report) }
            return .created(report)
        }
        if let stored = try await ReportsController.storeCall({ try await store.report(idempotencyKey: key) }) {
            return .replayed(try same(stored, report, key: key))
        }
        report.idempotencyKey = key
        do {
            try await add(report)
            return .created(report)
        } catch let error as ReportStoreError where error.reason == .duplicateIdempotencyKey {
            let stored = try await ReportsController.storeCall { try await store.report(idempotencyKey: key) }
            guard let stored else { throw ReportsController.problem(error) }  // made and removed meanwhile
            return .replayed(try same(stored, report, key: key))
        } catch let error as ReportStoreError {
            throw ReportsController.problem(error)
        }
    }

    /// `true` when `stored` is the report `candidate` would be: every field the request gave
    /// (its id, owner, photo URL, status, key and renewal time are the server's, and may have
    /// changed since).
    static func isSame(_ stored: PetReport, _ candidate: PetReport) -> Bool {
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

    private static func same(_ stored: PetReport, _ candidate: PetReport, key: String) throws(Problem) -> PetReport {
        guard isSame(stored, candidate) else {
            throw Problem(
                .unprocessableContent,
                detail: "The Idempotency-Key \(quoted(key)) made report \(stored.id), whose "
                    + "values differ from this request's. A new report needs a new key (a new draft); to see "
                    + "that one, GET /v1/reports/\(stored.id).",
                extensions: [("reason", "idempotencyKeyReused"), ("id", .string(stored.id))])
        }
        return stored
    }

    /// A key shown in a message: in quotes, cut to 40 characters (a key is visible ASCII).
    private static func quoted(_ key: String) -> String {
        "\"" + (key.count > 40 ? String(key.prefix(40)) + "…" : key) + "\""
    }

    private static func bad(_ problem: String) -> Problem {
        Problem(
            .badRequest, detail: "The Idempotency-Key header \(problem).",
            extensions: [("reason", "badIdempotencyKey"), ("header", "Idempotency-Key")])
    }
}
