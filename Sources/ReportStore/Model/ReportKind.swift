/// Which flow a report came from: a pet someone lost, or a pet someone found.
public enum ReportKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A missing pet: a place last seen and a search radius around it.
    case missing
    /// A found pet: where it was found.
    case found

    /// `missing` or `found`.
    public var description: String { rawValue }

    /// The status of a report of this kind while it is open (``PetReport/isOpen``): `ACTIVE`
    /// for a missing report (the pet is sought), `FOUND` for a found one (its owner is sought).
    public var openStatus: ReportStatus {
        switch self {
        case .missing: .active
        case .found: .found
        }
    }
}

/// Where a report stands, with the announcement API's values (spec 003): `ACTIVE` (shown as
/// MISSING), `FOUND`, `CLOSED`.
///
/// Only `ACTIVE` missing reports take part in nearby search.
public enum ReportStatus: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Open: the pet is still missing (or, for a found report, its owner is sought).
    case active = "ACTIVE"
    /// The pet was found.
    case found = "FOUND"
    /// Closed by its author.
    case closed = "CLOSED"

    /// The status of `text`, any case (`active`, `ACTIVE`), or `nil`.
    public init?(text: String) {
        self.init(rawValue: text.uppercased())
    }

    /// `ACTIVE`, `FOUND` or `CLOSED`.
    public var description: String { rawValue }

    /// The accepted values, for messages: `ACTIVE, FOUND, CLOSED`.
    public static let choices = allCases.map(\.rawValue).joined(separator: ", ")
}
