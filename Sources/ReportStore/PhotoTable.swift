/// Where both engines keep photos: a report's (`report_photo`) or a sighting's
/// (`sighting_photo`). The two tables have the same columns (`id`, `media_type`, `tag`,
/// `bytes`), and each row's `id` is that of the report or sighting it belongs to (a foreign key
/// to the table the raw value names), so one reader and one writer per engine serve both.
package enum PhotoTable: String, Sendable {
    /// A report's photo.
    case report
    /// A sighting's photo.
    case sighting

    /// The photos' table: the owner's table name and `_photo`.
    package var name: String { rawValue + "_photo" }

    /// The table of what the photos belong to: `report`, `sighting`.
    package var owner: String { rawValue }

    /// The error for a photo whose report or sighting `id` is not in the store.
    package func missing(_ id: String) -> ReportStoreError {
        switch self {
        case .report: .notFound(id)
        case .sighting: .sightingNotFound(id)
        }
    }
}
