public import ReportStore

/// A status change offered on a report's card (spec 003 shows only Remove Report; closing a
/// report was the CLI's alone): its button's title and accessibility identifier, and the
/// status it asks for (`PATCH /v1/reports/{id}`, as the report's owner).
public struct StatusAction: Sendable, Equatable {
    /// The status the button asks for.
    public let status: ReportStatus
    /// "Mark as Found", "Close Report" or "Reopen Report".
    public let title: String
    /// `petDetails.markFound.button`, `petDetails.closeReport.button`,
    /// `petDetails.reopenReport.button`.
    public let id: String

    /// The button that takes a report of `kind` to `status`.
    public init(to status: ReportStatus, kind: ReportKind) {
        self.status = status
        switch (status, kind) {
        case (.closed, _):
            (title, id) = ("Close Report", "petDetails.closeReport.button")
        case (.found, .missing):
            (title, id) = ("Mark as Found", "petDetails.markFound.button")
        case (.found, .found), (.active, _):
            (title, id) = ("Reopen Report", "petDetails.reopenReport.button")
        }
    }
}
