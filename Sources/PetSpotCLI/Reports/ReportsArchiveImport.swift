import Foundation
import OutsideInput
import ReportStore
import Reports

/// An archive (`reports export`'s JSON Lines) imported with bounded memory: read a line at a
/// time, each photo through the photo rules and set aside in a ``PhotoSpool``; once the
/// reports are stored, the photos of the rows the import took (not of rows it skipped) go to
/// the store from the spool, a thousand (or 16 MiB) a transaction. Its subscriptions
/// (`reports export --include-subscriptions`) are checked against the stored ones first and
/// stored in the reports' transaction.
enum ReportsArchiveImport {
    /// How many photos go to the store in one transaction.
    static let batch = 1_000
    /// How many bytes of photos go to the store in one transaction (at least one photo).
    static let batchBytes = 16 * 1_048_576

    /// Reads the archive `lines` hold, its photos set aside in `spool`.
    ///
    /// - Throws: ``FileReadError`` naming `file` when it cannot be read or is too large;
    ///   ``ReportPhotoError`` when a photo cannot be set aside.
    static func read(_ lines: inout InputLines, file: String, spool: PhotoSpool) throws -> ReportArchive.Contents {
        do {
            return try ReportArchive.read(&lines, spool: spool)
        } catch let problem as FileProblem {
            throw FileReadError(file, problem, limit: ReportArchive.maximumReportBytes, what: "a reports archive")
        }
    }

    /// The rows of `archive` for the store's import, and the subscriptions to store with its
    /// reports: a subscription line whose id or token is stored already, or appears earlier in
    /// the file, is a problem row as a repeated report id is (listed, and then nothing is
    /// stored, or skipped with `--skip-invalid`); the rows stay in line order.
    ///
    /// - Throws: ``ReportStoreError`` when the stored subscriptions cannot be read.
    static func rows(_ archive: ReportArchive.Contents, beside store: any AlertStore) async throws(ReportStoreError)
        -> (rows: [ReportRow], subscriptions: [Subscription])
    {
        guard !archive.subscriptions.isEmpty else { return (archive.rows, []) }
        var ids: Set<String> = []
        var tokens: Set<String> = []
        var after: String?
        while true {
            let page = try await store.subscriptions(afterID: after, limit: subscriptionsPage)
            for stored in page {
                ids.insert(stored.id)
                tokens.insert(stored.token)
            }
            guard page.count == subscriptionsPage, let last = page.last else { break }
            after = last.id
        }
        var rows = archive.rows
        var subscriptions: [Subscription] = []
        for (subscription, line) in archive.subscriptions {
            let clash =
                !ids.insert(subscription.id).inserted
                ? "subscription id \"\(subscription.id)\" is already stored or appears earlier in the file"
                : !tokens.insert(subscription.token).inserted
                    ? "subscription \(subscription.id)'s token is already stored or appears earlier in the file"
                    : nil
            if let clash {
                rows.append(.invalid(ImportProblem(number: line, message: clash)))
            } else {
                subscriptions.append(subscription)
            }
        }
        if rows.count > archive.rows.count { rows.sort { number($0) < number($1) } }
        return (rows, subscriptions)
    }

    /// How many subscriptions are read from the store at a time.
    static let subscriptionsPage = 500

    /// `rows` with a problem for each sighting line of `archive` whose report is not a report
    /// line of the archive (listed as a repeated id is: then nothing is stored, or it is
    /// skipped with `--skip-invalid`), in line order.
    static func sightingProblems(_ archive: ReportArchive.Contents, _ rows: [ReportRow]) -> [ReportRow] {
        var ids: Set<String> = []
        for case .report(let report, _) in archive.rows { ids.insert(report.id) }
        var rows = rows
        for (sighting, line) in archive.sightings where !ids.contains(sighting.reportID) {
            rows.append(
                .invalid(
                    ImportProblem(
                        number: line,
                        message: "sighting \(sighting.id) is of report \(sighting.reportID), which is not in the file"))
            )
        }
        rows.sort { number($0) < number($1) }
        return rows
    }

    /// Stores the sightings of `archive` whose line and whose report's line the import took, in
    /// one transaction; returns how many.
    static func keepSightings(_ archive: ReportArchive.Contents, summary: ImportSummary, in store: any ReportStore)
        async throws(ReportStoreError) -> Int
    {
        let kept = keptSightings(archive, summary: summary)
        try await store.restoreSightings(kept.map(\.sighting))
        return kept.count
    }

    /// The sighting lines of `archive` the import takes: theirs and their report's line taken.
    private static func keptSightings(_ archive: ReportArchive.Contents, summary: ImportSummary)
        -> [(sighting: Sighting, line: Int)]
    {
        let skipped = Set(summary.skipped.map(\.number))
        var stored: Set<String> = []
        for case .report(let report, let line) in archive.rows where !skipped.contains(line) {
            stored.insert(report.id)
        }
        return archive.sightings.filter { !skipped.contains($0.line) && stored.contains($0.sighting.reportID) }
    }

    /// Keeps the photos of the sightings ``keepSightings(_:summary:in:)`` stored, read back from
    /// `spool`, a few at a time (each its own transaction).
    ///
    /// - Returns: why not every photo was kept (the sightings stay stored), or `nil`.
    static func keepSightingPhotos(
        _ archive: ReportArchive.Contents, from spool: PhotoSpool, summary: ImportSummary, in photos: StoreKeptPhotos
    ) async -> ReportPhotoError? {
        var pending: [(id: String, photo: ReportPhoto)] = []
        do throws(ReportPhotoError) {
            for (sighting, line) in keptSightings(archive, summary: summary) {
                guard let place = archive.sightingPhotos[line] else { continue }
                pending.append((sighting.id, try spool.photo(at: place)))
                if pending.count == 20 {
                    try await photos.writeSightingPhotos(pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            try await photos.writeSightingPhotos(pending)
        } catch {
            return error
        }
        return nil
    }

    private static func number(_ row: ReportRow) -> Int {
        switch row {
        case .report(_, let line): line
        case .invalid(let problem): problem.number
        }
    }

    /// Keeps the photos of the stored rows of `archive` in `photos`, read back from `spool`.
    ///
    /// - Returns: why not every photo was kept (the reports stay stored), or `nil`.
    static func keepPhotos(
        _ archive: ReportArchive.Contents, from spool: PhotoSpool, summary: ImportSummary, in photos: StoreKeptPhotos
    ) async -> ReportPhotoError? {
        let skipped = Set(summary.skipped.map(\.number))
        var pending: [(id: String, photo: ReportPhoto)] = []
        var pendingBytes = 0
        do throws(ReportPhotoError) {
            for case .report(let report, let line) in archive.rows where !skipped.contains(line) {
                guard let place = archive.photos[line] else { continue }
                let photo = try spool.photo(at: place)
                pending.append((report.id, photo))
                pendingBytes += photo.bytes.count
                if pending.count == batch || pendingBytes >= batchBytes {
                    try await write(pending, to: photos)
                    pending.removeAll(keepingCapacity: true)
                    pendingBytes = 0
                }
            }
            try await write(pending, to: photos)
        } catch {
            return error
        }
        return nil
    }

    /// Writes `pending` in one transaction; when one of their reports is not stored (a row
    /// skipped past the problems the summary lists), one at a time, passing over those.
    private static func write(_ pending: [(id: String, photo: ReportPhoto)], to photos: StoreKeptPhotos)
        async throws(ReportPhotoError)
    {
        do throws(ReportPhotoError) {
            try await photos.writeAll(pending)
        } catch  where error.reason == .noReport {
            for one in pending {
                do throws(ReportPhotoError) {
                    try await photos.writeAll([one])
                } catch  where error.reason == .noReport {
                    continue
                }
            }
        }
    }
}

extension FileReadError {
    /// `problem` reading `file` (`-`: standard input) as `what`.
    init(_ file: String, _ problem: FileProblem, limit: Int, what: String) {
        switch (file, problem) {
        case ("-", .tooLarge): self = .standardInputTooLarge(limit: limit, what: what)
        case ("-", _): self = .standardInputUnreadable(what: what, problem: problem)
        case (_, .tooLarge): self = .tooLarge(path: file, limit: limit, what: what)
        default: self = .unreadable(path: file, what: what, problem: problem)
        }
    }
}
