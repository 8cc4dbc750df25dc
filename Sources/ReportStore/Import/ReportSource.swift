/// Rows to import: a parsed file read lazily, row by row, so that importing a large file
/// holds one row at a time beside the file's bytes.
public protocol ReportSource: Sendable {
    /// Calls `body` with each row in file order; stops at the first error `body` throws.
    func forEachRow(_ body: (ReportRow) throws -> Void) rethrows

    /// Calls `body` with each row in file order, valid rows of places as ``PlaceRow``s where
    /// the source can (``ReportCSV``), then `end`, before the source lets go of the bytes a
    /// ``PlaceRow`` points into; stops at the first error either throws. The rows are the
    /// same as ``forEachRow(_:)``'s (``PlaceRow/report``), which the default hands over as
    /// they are.
    func forEachRecord(_ body: (ImportRecord) throws -> Void, end: () throws -> Void) rethrows

    /// The subscriptions to store with the reports, in the import's transaction (an archive of
    /// `reports export --include-subscriptions`); none by default.
    var subscriptions: [Subscription] { get }
}

extension ReportSource {
    public var subscriptions: [Subscription] { [] }

    public func forEachRecord(_ body: (ImportRecord) throws -> Void, end: () throws -> Void) rethrows {
        try forEachRow { try body(.row($0)) }
        try end()
    }
}

/// One row of an import: a report, or why the row at `line` is not one.
public enum ReportRow: Sendable, Hashable {
    /// A valid report, from `line` (CSV line or JSON item number).
    case report(PetReport, line: Int)
    /// An invalid row.
    case invalid(ImportProblem)
}

/// An invalid row of an import, with where it is.
public struct ImportProblem: Sendable, Hashable, CustomStringConvertible {
    /// `line` (CSV) or `item` (JSON).
    public var unit: String
    /// The line or item number, from 1.
    public var number: Int
    /// What is wrong.
    public var message: String

    /// A problem at `unit` `number`.
    public init(unit: String = "line", number: Int, message: String) {
        self.unit = unit
        self.number = number
        self.message = message
    }

    /// `line 7: latitude "95": Must be between -90 and 90`.
    public var description: String { "\(unit) \(number): \(message)" }
}

/// What an import did.
public struct ImportSummary: Sendable, Hashable {
    /// How many reports were stored.
    public var imported: Int
    /// How many rows were skipped (with `skipInvalid`).
    public var skippedCount: Int
    /// The first ``ImportProblems/keptLimit`` rows skipped, in file order.
    public var skipped: [ImportProblem]

    /// A summary from its parts.
    public init(imported: Int, skippedCount: Int, skipped: [ImportProblem]) {
        self.imported = imported
        self.skippedCount = skippedCount
        self.skipped = skipped
    }
}

/// The problems of an import as an engine collects them: every one counted, the first
/// ``keptLimit`` kept (a file of a million bad rows must not fill memory with messages).
public struct ImportProblems: Sendable {
    /// How many problems are kept with their message.
    public static let keptLimit = 1000

    /// The first problems.
    public private(set) var kept: [ImportProblem] = []
    /// How many there were.
    public private(set) var count = 0
    /// How many rows were read (valid or not).
    public var rows = 0

    /// No problems yet.
    public init() {}

    /// Problems collected in parts (an engine that finds repeated ids after reading the rows):
    /// `kept` is sorted by line and cut to ``keptLimit``; `count` is how many there are in all.
    public init(kept: [ImportProblem], count: Int, rows: Int) {
        self.kept = Array(kept.sorted { $0.number < $1.number }.prefix(Self.keptLimit))
        self.count = count
        self.rows = rows
    }

    /// Counts `problem`, keeping it while fewer than ``keptLimit`` are kept.
    public mutating func append(_ problem: ImportProblem) {
        count += 1
        if kept.count < Self.keptLimit { kept.append(problem) }
    }

    /// The error for an import that stores nothing because of these problems, or for a
    /// source with no rows at all.
    public var failure: ReportStoreError {
        rows == 0
            ? .invalidReport("the file has no reports (only a header, comments or blank lines)")
            : .invalidImport(kept, count: count, rows: rows)
    }
}

/// Reports already in memory, as a source (item numbers from 1).
public struct ReportArraySource: ReportSource {
    /// The rows.
    public let rows: [ReportRow]
    /// The subscriptions stored with them.
    public let subscriptions: [Subscription]

    /// A source of `rows`, and `subscriptions` to store with them.
    public init(_ rows: [ReportRow], subscriptions: [Subscription] = []) {
        self.rows = rows
        self.subscriptions = subscriptions
    }

    /// A source of valid reports, numbered as items.
    public init(reports: [PetReport]) {
        rows = reports.enumerated().map { .report($0.element, line: $0.offset + 1) }
        subscriptions = []
    }

    public func forEachRow(_ body: (ReportRow) throws -> Void) rethrows {
        for row in rows { try body(row) }
    }
}
