/// Why a store could not do what was asked, in words a person can act on.
///
/// A struct over a private enum (as hummingbird's `PersistError`), so cases can be added
/// without breaking a caller: ``reason`` tells callers (the HTTP service, the CLI) which kind
/// it is, compared with `==` or matched with `case`, never switched over exhaustively.
///
/// ```swift
/// do { _ = try await store.report(id: "r-9") }
/// catch where error.reason == .notFound { … }      // "No report with id r-9."
/// ```
public struct ReportStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure: a struct over a private enum, so that a new kind is not a
    /// breaking change.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case notFound, duplicateID, duplicateIdempotencyKey, invalidReport, invalidImport, invalidURL, unavailable
            case storage, statusNotForKind, statusNotAllowed, notTakingSightings
        }

        private let value: Value

        /// No report has the identifier.
        public static let notFound = Reason(value: .notFound)
        /// A report with the identifier is already stored.
        public static let duplicateID = Reason(value: .duplicateID)
        /// A report made with the idempotency key is already stored.
        public static let duplicateIdempotencyKey = Reason(value: .duplicateIdempotencyKey)
        /// A report (or a row of a file) breaks a rule.
        public static let invalidReport = Reason(value: .invalidReport)
        /// An import found invalid rows and stored nothing.
        public static let invalidImport = Reason(value: .invalidImport)
        /// The store URL is not one petspot reads.
        public static let invalidURL = Reason(value: .invalidURL)
        /// The store cannot be reached or opened (PostgreSQL down, a file that is not a store).
        public static let unavailable = Reason(value: .unavailable)
        /// The store answered with an error it should not have (a bug or a damaged store).
        public static let storage = Reason(value: .storage)
        /// A status the report's kind never has (a found report made `ACTIVE`): ``StatusTransitions``.
        public static let statusNotForKind = Reason(value: .statusNotForKind)
        /// A status the report's status does not lead to (``StatusTransitions``).
        public static let statusNotAllowed = Reason(value: .statusNotAllowed)
        /// A sighting for a report that is not an open missing report (``SightingStore``).
        public static let notTakingSightings = Reason(value: .notTakingSightings)

        /// The reason's name: `notFound`.
        public var description: String { value.rawValue }
    }

    /// Which kind of failure.
    public let reason: Reason
    /// The message.
    public let description: String
    /// For ``Reason/invalidImport``: every problem, by line or item.
    public let problems: [ImportProblem]

    init(_ reason: Reason, _ description: String, problems: [ImportProblem] = []) {
        self.reason = reason
        self.description = description
        self.problems = problems
    }

    /// No report with `id`.
    public static func notFound(_ id: String) -> ReportStoreError {
        ReportStoreError(.notFound, "No report with id \(quoted(id)).")
    }

    /// A report with `id` is already stored.
    public static func duplicateID(_ id: String) -> ReportStoreError {
        ReportStoreError(.duplicateID, "A report with id \(quoted(id)) is already stored; give another id.")
    }

    /// A report made with idempotency key `key` is already stored
    /// (``ReportStore/report(idempotencyKey:)`` finds it).
    public static func duplicateIdempotencyKey(_ key: String) -> ReportStoreError {
        ReportStoreError(
            .duplicateIdempotencyKey,
            "A report made with the idempotency key \(quoted(key)) is already stored; send a new key for a new report.")
    }

    /// A report breaks a rule (`reason` says which).
    public static func invalidReport(_ reason: String) -> ReportStoreError {
        ReportStoreError(.invalidReport, "Invalid report: \(reason).")
    }

    /// An import with invalid rows: none was stored.
    public static func invalidImport(_ problems: [ImportProblem], count: Int, rows: Int) -> ReportStoreError {
        let limit = 20
        var lines = problems.prefix(limit).map { "  \($0)" }
        if count > lines.count { lines.append("  … and \(count - lines.count) more") }
        let counted = count == 1 ? "1 invalid report" : "\(count) invalid reports"
        return ReportStoreError(
            .invalidImport,
            "\(counted) of \(rows); nothing was stored (fix them, or import with --skip-invalid to store the valid "
                + "ones):\n" + lines.joined(separator: "\n"), problems: problems)
    }

    /// A store URL that cannot be read.
    public static func invalidURL(_ text: String, _ reason: String) -> ReportStoreError {
        ReportStoreError(
            .invalidURL,
            "The store URL \(quoted(text)) \(reason). Use sqlite:PATH (sqlite: alone for the default file) or "
                + "postgres://USER@HOST:PORT/DATABASE.")
    }

    /// The store cannot be used: `what` it is and `why`.
    public static func unavailable(_ what: String, _ why: String) -> ReportStoreError {
        ReportStoreError(.unavailable, "The reports store \(what) cannot be used: \(why)")
    }

    /// A status change the transition table does not allow (``StatusTransitions``).
    public static func transition(_ error: StatusTransitionError) -> ReportStoreError {
        switch error {
        case .notForKind: ReportStoreError(.statusNotForKind, error.description)
        case .notFrom: ReportStoreError(.statusNotAllowed, error.description)
        }
    }

    /// The store failed in a way it should not: `what` was being done.
    public static func storage(_ what: String, _ detail: String) -> ReportStoreError {
        ReportStoreError(.storage, "The reports store failed while \(what): \(detail)")
    }

    /// `text` in quotes, cut to 80 characters, with control characters escaped.
    package static func quoted(_ text: String) -> String {
        let cut = text.count > 80 ? String(text.prefix(80)) + "…" : text
        var result = "\""
        for scalar in cut.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\"" || scalar == "\\" {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
