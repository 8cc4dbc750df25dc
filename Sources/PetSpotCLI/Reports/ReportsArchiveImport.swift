import ArgumentParser
import Foundation
import OutsideInput
import ReportStore
import Reports

/// The photos of an imported archive (`reports export`'s JSON Lines), kept once its reports
/// are stored: those of the rows the import took, not of rows it skipped.
enum ReportsArchiveImport {
    /// Writes the photos of the stored rows of `archive` to `folder`.
    ///
    /// - Throws: exit 1 naming the photo that could not be kept (the reports stay stored).
    static func keepPhotos(_ archive: ReportArchive.Contents, summary: ImportSummary, in folder: ReportPhotoFolder)
        throws
    {
        let skipped = Set(summary.skipped.map(\.number))
        for case .report(let report, let line) in archive.rows where !skipped.contains(line) {
            guard let photo = archive.photos[report.id] else { continue }
            do throws(ReportPhotoError) {
                try folder.write(photo.bytes, type: photo.type, id: report.id)
            } catch {
                FileHandle.standardError.write(
                    Data(
                        "petspot: the reports are stored, but not every photo: \(error.description.terminalSafe)\n".utf8
                    ))
                throw ExitCode(1)
            }
        }
    }
}
