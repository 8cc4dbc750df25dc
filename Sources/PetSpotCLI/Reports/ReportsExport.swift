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
                nothing. Then each report's sightings, one line each in id order, \
                {"sighting": {"id", "reportId", "seenAt", "locationLatitude", \
                "locationLongitude", "note", "phone", "email", "makerTokenHash", "createdAt", \
                "photo"}}, the photo as a report's. A summary goes to standard error (its \
                photos count the sightings' too).

                The area alerts by mail (subscriptions: addresses of people who made no \
                report) stay out unless --include-subscriptions: then one line each follows \
                the reports, {"subscription": {"id", "email", "centerLatitude", \
                "centerLongitude", "radiusMeters", "kinds", "species", "token", "createdAt", \
                "confirmedAt"}}, in id order, token included so the links already mailed \
                keep working after the import. Without it, the summary says how many were \
                left out.
                """)

        @Flag(help: "Write the subscriptions (area alerts by mail) after the reports.")
        var includeSubscriptions = false

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let url = try storeOptions.url()
            var failure: ReportPhotoError?
            let includeSubscriptions = self.includeSubscriptions
            let (reports, photoCount, subscriptions, sightings) = try await withStore(storeOptions, schema: .current) {
                store throws(ReportStoreError) in
                let photos = try keptPhotos(store)
                var query = ReportListQuery(limit: ReportListQuery.maximumLimit)
                var counts = (reports: 0, photos: 0, subscriptions: 0, sightings: 0)
                while failure == nil {
                    let page = try await store.list(query)
                    guard let found = await Self.read(photos.photos(ids:), page.map(\.id), failure: &failure) else {
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
                guard failure == nil else { return counts }
                var seen: String?
                while failure == nil {
                    let page = try await store.sightings(afterID: seen, limit: Self.subscriptionsPage)
                    // A few sightings' photos at a time (each up to 10 MB), as they are written.
                    for start in stride(from: 0, to: page.count, by: Self.sightingPhotosRead) where failure == nil {
                        let part = page[start..<min(start + Self.sightingPhotosRead, page.count)]
                        guard
                            let found = await Self.read(photos.sightingPhotos(ids:), part.map(\.id), failure: &failure)
                        else {
                            break
                        }
                        for sighting in part { print(SightingArchiveLine.line(sighting, photo: found[sighting.id])) }
                        counts.sightings += part.count
                        counts.photos += found.count
                    }
                    guard page.count == Self.subscriptionsPage, let last = page.last else { break }
                    seen = last.id
                }
                guard failure == nil else { return counts }
                var after: String?
                while true {
                    let page = try await store.subscriptions(afterID: after, limit: Self.subscriptionsPage)
                    if includeSubscriptions {
                        for subscription in page { print(SubscriptionArchiveLine.line(subscription)) }
                    }
                    counts.subscriptions += page.count
                    guard page.count == Self.subscriptionsPage, let last = page.last else { break }
                    after = last.id
                }
                return counts
            }
            if let failure {
                FileHandle.standardError.write(
                    Data("petspot: \(failure.description.terminalSafe); the export is not whole.\n".utf8))
                throw ExitCode(1)
            }
            let photos =
                "\(photoCount) photo\(photoCount == 1 ? "" : "s")"
                + (sightings > 0 ? ", \(sightings) sighting\(sightings == 1 ? "" : "s")" : "")
            let subscriptionsText = "\(subscriptions) subscription\(subscriptions == 1 ? "" : "s")"
            let exported = "Exported \(reports) report\(reports == 1 ? "" : "s") (\(photos))"
            let summary =
                switch (includeSubscriptions, subscriptions) {
                case (_, 0): "\(exported) of \(url)."
                case (true, _): "\(exported) and \(subscriptionsText) of \(url)."
                case (false, _): "\(exported) of \(url); \(subscriptionsText) not included (--include-subscriptions)."
                }
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }

        /// The photos of `ids` that `photos` reads, or `nil` when it fails: its error is kept in
        /// `failure` (the export stops there, not whole).
        private static func read(
            _ photos: ([String]) async throws(ReportPhotoError) -> [String: ReportPhoto], _ ids: [String],
            failure: inout ReportPhotoError?
        ) async -> [String: ReportPhoto]? {
            do throws(ReportPhotoError) {
                return try await photos(ids)
            } catch {
                failure = error
                return nil
            }
        }

        /// How many subscriptions (and sightings) are read from the store at a time.
        static let subscriptionsPage = 500
        /// How many sightings' photos are read from the store at a time.
        static let sightingPhotosRead = 20
    }
}
