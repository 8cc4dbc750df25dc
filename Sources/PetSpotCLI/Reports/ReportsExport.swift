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
                (ownerTokenHash) and its photo from the store ({"type", "data": base64} or \
                null), so `reports import FILE` puts it back, into either engine, losing \
                nothing. A summary goes to standard error.
                """)

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let url = try storeOptions.url()
            var failure: ReportPhotoError?
            let (reports, photoCount) = try await withStore(storeOptions, schema: .current) {
                store throws(ReportStoreError) in
                let photos = try keptPhotos(store)
                var query = ReportListQuery(limit: ReportListQuery.maximumLimit)
                var counts = (reports: 0, photos: 0)
                while failure == nil {
                    let page = try await store.list(query)
                    let found: [String: ReportPhoto]
                    do throws(ReportPhotoError) {
                        found = try await photos.photos(ids: page.map(\.id))
                    } catch {
                        failure = error
                        break
                    }
                    for report in page {
                        let photo = found[report.id]
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
            let photos = "\(photoCount) photo\(photoCount == 1 ? "" : "s")"
            FileHandle.standardError.write(
                Data("Exported \(reports) report\(reports == 1 ? "" : "s") (\(photos)) of \(url).\n".utf8))
        }
    }
}
