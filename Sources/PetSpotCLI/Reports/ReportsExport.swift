import ArgumentParser
import Foundation
import OutsideInput
import ReportStore
import Reports

extension PetSpot.Reports {
    /// `petspot reports export > FILE`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every report of the store, with its photo, as JSON Lines.",
            discussion: """
                One JSON object a line, in id order: the report as GET /v1/reports/ID answers \
                it (every field, contacts included), its owner token's SHA-256 \
                (ownerTokenHash) and its photo ({"type", "data": base64} or null), so \
                `reports import FILE` puts it back, into either engine, losing nothing. The \
                photos come from the folder serve keeps beside the store (--photos DIR when \
                serve was given one). A summary goes to standard error.
                """)

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var photoOptions: PhotoFolderOptions

        func run() async throws {
            let url = try storeOptions.url()
            let folder = photoOptions.folder(beside: url)
            var failure: ReportPhotoError?
            let (reports, photoCount) = try await withStore(storeOptions) { store throws(ReportStoreError) in
                var query = ReportListQuery(limit: ReportListQuery.maximumLimit)
                var counts = (reports: 0, photos: 0)
                while failure == nil {
                    let page = try await store.list(query)
                    for report in page {
                        let photo: ReportPhoto?
                        do throws(ReportPhotoError) {
                            photo = try folder.photo(id: report.id)
                        } catch {
                            failure = error
                            break
                        }
                        print(ReportArchive.line(report, photo: photo))
                        counts.reports += 1
                        if photo != nil { counts.photos += 1 }
                    }
                    guard page.count == query.limit, let last = page.last else { break }
                    query.after = last.id
                }
                return counts
            }
            if let failure {
                FileHandle.standardError.write(
                    Data("petspot: \(failure.description.terminalSafe); the export is not whole.\n".utf8))
                throw ExitCode(1)
            }
            FileHandle.standardError.write(
                Data("Exported \(reports) report\(reports == 1 ? "" : "s") (\(photoCount) photos) of \(url).\n".utf8))
        }
    }
}
