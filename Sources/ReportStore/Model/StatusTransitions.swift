/// Which status a report may take next, by its kind and the status it has: what every store's
/// ``ReportStore/setStatus(_:id:)`` allows, whoever asks (`PATCH /v1/reports/{id}`, the card,
/// `petspot reports close`).
///
/// | kind | from | to |
/// | --- | --- | --- |
/// | missing | ACTIVE | FOUND, CLOSED |
/// | missing | FOUND | ACTIVE (it went missing again), CLOSED |
/// | missing | CLOSED | ACTIVE (reopened) |
/// | found | FOUND | CLOSED (back with its owner) |
/// | found | CLOSED | FOUND (reopened) |
///
/// A found report is never `ACTIVE` (its card would show a red MISSING badge); one stored
/// `ACTIVE` before this rule may go to FOUND or CLOSED. Asking for the status a report
/// already has changes nothing and is allowed, so a repeated request succeeds.
///
/// ```swift
/// try StatusTransitions.check(report, to: .closed)     // or throws a StatusTransitionError
/// StatusTransitions.next(from: .closed, kind: .found)  // [.found]
/// ```
public enum StatusTransitions {
    /// The statuses a report of `kind` with `status` may go to (not counting `status` itself).
    public static func next(from status: ReportStatus, kind: ReportKind) -> [ReportStatus] {
        switch (kind, status) {
        case (.missing, .active): [.found, .closed]
        case (.missing, .found): [.active, .closed]
        case (.missing, .closed): [.active]
        case (.found, .found): [.closed]
        case (.found, .closed): [.found]
        case (.found, .active): [.found, .closed]
        }
    }

    /// The (kind, status) pairs from which a report may go to `status` (the table read
    /// backwards): what a store's conditional update allows.
    public static func predecessors(of status: ReportStatus) -> [(kind: ReportKind, status: ReportStatus)] {
        ReportKind.allCases.flatMap { kind in
            ReportStatus.allCases.filter { next(from: $0, kind: kind).contains(status) }.map { (kind, $0) }
        }
    }

    /// The statuses a report of `kind` can ever have.
    public static func statuses(of kind: ReportKind) -> [ReportStatus] {
        switch kind {
        case .missing: [.active, .found, .closed]
        case .found: [.found, .closed]
        }
    }

    /// Checks that `report` may go to `status`.
    ///
    /// - Throws: ``StatusTransitionError``: a status its kind never has, or one its status
    ///   does not lead to.
    public static func check(_ report: PetReport, to status: ReportStatus) throws(StatusTransitionError) {
        guard status != report.status else { return }
        guard statuses(of: report.kind).contains(status) else {
            throw .notForKind(id: report.id, kind: report.kind, status: status)
        }
        let allowed = next(from: report.status, kind: report.kind)
        guard allowed.contains(status) else {
            throw .notFrom(id: report.id, current: report.status, wanted: status, allowed: allowed)
        }
    }
}

/// Why a report may not take a status; the description is the message.
public enum StatusTransitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A status the report's kind never has (a found report made `ACTIVE`).
    case notForKind(id: String, kind: ReportKind, status: ReportStatus)
    /// A status the report's current one does not lead to.
    case notFrom(id: String, current: ReportStatus, wanted: ReportStatus, allowed: [ReportStatus])

    public var description: String {
        switch self {
        case .notForKind(let id, let kind, let status):
            let kept = StatusTransitions.statuses(of: kind).map(\.rawValue).joined(separator: " or ")
            return "Report \(id) is a \(kind.rawValue) report, which is never \(status.rawValue): it is \(kept)."
        case .notFrom(let id, let current, let wanted, let allowed):
            let next = allowed.map(\.rawValue).joined(separator: " or ")
            return "Report \(id) is \(current.rawValue) and cannot become \(wanted.rawValue) from there; "
                + "it can become \(next)."
        }
    }
}
