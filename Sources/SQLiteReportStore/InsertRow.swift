import ReportStore

/// A row an insert writes: a report, or a CSV row of places still in its file's bytes.
enum InsertRow {
    case report(PetReport)
    case place(PlaceRow)

    /// The identifier, for messages.
    var id: String {
        switch self {
        case .report(let report): report.id
        case .place(let row): row.idText
        }
    }

    /// The row as the in-process nearby index keeps it, when it takes part.
    var indexEntry: LiveNearbyIndex.Entry? {
        switch self {
        case .report(let report): report.indexEntry
        case .place(let row): row.report.indexEntry
        }
    }
}
