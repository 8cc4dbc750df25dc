import Foundation
import ReportStore
import Reports

/// The photos of an imported archive (`reports export`'s JSON Lines), kept once its reports
/// are stored: those of the rows the import took, not of rows it skipped.
enum ReportsArchiveImport {
    /// How many photos go to the store in one transaction.
    static let batch = 1_000

    /// Keeps the photos of the stored rows of `archive` in `photos`, a thousand a transaction.
    ///
    /// - Returns: why not every photo was kept (the reports stay stored), or `nil`.
    static func keepPhotos(_ archive: ReportArchive.Contents, summary: ImportSummary, in photos: StoreKeptPhotos)
        async -> ReportPhotoError?
    {
        let skipped = Set(summary.skipped.map(\.number))
        var pending: [(id: String, photo: ReportPhoto)] = []
        for case .report(let report, let line) in archive.rows where !skipped.contains(line) {
            guard let photo = archive.photos[report.id] else { continue }
            pending.append((report.id, photo))
            if pending.count == batch {
                do throws(ReportPhotoError) { try await photos.writeAll(pending) } catch { return error }
                pending.removeAll(keepingCapacity: true)
            }
        }
        do throws(ReportPhotoError) { try await photos.writeAll(pending) } catch { return error }
        return nil
    }
}
