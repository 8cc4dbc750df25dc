import Hummingbird
import PetSpotJSON
import ReportStore
import Reports

/// The `Idempotency-Key` header (the IETF httpapi draft "The Idempotency-Key HTTP Header
/// Field") of `POST /v1/reports/missing`, `/found` and Submit report
/// (`POST /v1/report-steps/{flow}/{last step}`), and what the routes answer when
/// ``ReportKeeper/create(_:photo:idempotencyKey:owner:)`` says the key made another report.
/// The same key again with the same report answers with the stored one (its id and card URL,
/// no new owner token); with another report it is a 422 (`reason` `idempotencyKeyReused`).
///
/// ```swift
/// let key = try ReportIdempotency.key(request)          // nil: no header, a new report each time
/// let made = try await ReportsController.keeperCall { try await keeper.create(report, idempotencyKey: key, owner: .make()) }
/// made.replayed                                        // 200 with the report made before; else 201
/// ```
enum ReportIdempotency {
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

    /// The 422 for a key that made `stored`, whose values differ from the request's.
    static func reused(_ key: String, _ stored: PetReport) -> Problem {
        Problem(
            .unprocessableContent,
            detail: "The Idempotency-Key \(ReportKeeperError.quoted(key)) made report \(stored.id), whose "
                + "values differ from this request's. A new report needs a new key (a new draft); to see "
                + "that one, GET /v1/reports/\(stored.id).",
            extensions: [("reason", "idempotencyKeyReused"), ("id", .string(stored.id))])
    }

    private static func bad(_ problem: String) -> Problem {
        Problem(
            .badRequest, detail: "The Idempotency-Key header \(problem).",
            extensions: [("reason", "badIdempotencyKey"), ("header", "Idempotency-Key")])
    }
}
