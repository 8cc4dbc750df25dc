public import Foundation
public import Geodata

/// One change to the reports, as every server on a store sees it: created, changed (its
/// status), removed, sighted (a sighting added: ``coordinate`` is the sighting's place). Kept in the store's event log in the transaction of the change, numbered
/// by the store (``sequence``: a client that lost its connection resumes after the last one it
/// had), and announced to every server (PostgreSQL `NOTIFY`). Imports are not announced: they
/// are the operator's loads, not reports people make.
public struct ReportEvent: Sendable, Hashable {
    /// What happened.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        case created, changed, removed
        /// A sighting of the report was added (``SightingStore``): the report itself is unchanged.
        case sighted
    }

    /// The store's number for it: larger for later changes.
    public var sequence: Int64
    public var change: Change
    /// The report's identifier.
    public var reportID: String
    public var kind: ReportKind
    /// The report's status after the change (before it, for a removal).
    public var status: ReportStatus
    /// The report's place, when it has one; for ``Change/sighted``, the sighting's.
    public var coordinate: Coordinate?
    /// When the change was committed.
    public var time: Date
    /// For ``Change/sighted``, the sighting's identifier; `nil` for the others.
    public var sightingID: String?

    public init(
        sequence: Int64, change: Change, reportID: String, kind: ReportKind, status: ReportStatus,
        coordinate: Coordinate?, time: Date, sightingID: String? = nil
    ) {
        self.sequence = sequence
        self.change = change
        self.reportID = reportID
        self.kind = kind
        self.status = status
        self.coordinate = coordinate
        self.time = time
        self.sightingID = sightingID
    }

    /// How long a store keeps its events (a client that was away longer resumes from now).
    public static let kept: Duration = .seconds(7 * 24 * 3600)
}
