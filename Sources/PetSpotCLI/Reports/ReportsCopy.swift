import ArgumentParser
import Foundation
import OutsideInput
import ReportStore
import Reports

extension PetSpot.Reports {
    /// `petspot reports copy --from URL --to URL`.
    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a whole store into another, empty one (SQLite to PostgreSQL as a service grows).",
            discussion: """
                Every report, with every field, its owner token's hash and its photo, in pages \
                of 10,000 reports, each page's reports and then its photos stored in one \
                transaction each; then the reports' sightings, 1,000 a transaction, and their \
                photos (counted with the reports'). The \
                target must hold no reports; at the end its count must equal the source's, or \
                the command says so and exits 1. Progress goes to standard error on a terminal. \
                Stop the servers of the source first, or copy from a `reports backup`.
                """)

        @Option(help: ArgumentHelp("The store to copy.", valueName: "url"))
        var from: String

        @Option(help: ArgumentHelp("The empty store to copy into.", valueName: "url"))
        var to: String

        func run() async throws {
            let source = try StoreOptions.resolve(from)
            let target = try StoreOptions.resolve(to)
            let progress = isatty(STDERR_FILENO) == 1
            do {
                let counts = try await StoreEngines.withStore(source) { from in
                    try await StoreEngines.withStore(target) { into in
                        let held = try await into.count()
                        guard held == 0 else { throw ReportsCopyError.targetNotEmpty(target, held) }
                        var copy = ReportsCopyRun(
                            from: from, into: into, photosIn: try keptPhotos(from), photosOut: try keptPhotos(into))
                        try await copy.run { copied in
                            if progress { FileHandle.standardError.write(Data("\r\(copied) reports copied…".utf8)) }
                        }
                        let stored = try await into.count()
                        guard stored == copy.reports else { throw ReportsCopyError.countDiffers(copy.reports, stored) }
                        return copy
                    }
                }
                if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                print(
                    "Copied \(counts.reports) reports and \(counts.photos) photos"
                        + (counts.sightings > 0 ? " (and \(counts.sightings) sightings)" : "")
                        + " from \(source) to \(target); it holds \(counts.reports).")
            } catch let error as ReportStoreError {
                throw StoreFailure(error: error)
            } catch let error as ReportPhotoError {
                throw ReportsCopyError.photo(error)
            }
        }
    }
}

/// A copy under way: pages of the source stored in the target, photos with them.
struct ReportsCopyRun {
    let from: any ReportStore
    let into: any ReportStore
    let photosIn: StoreKeptPhotos
    let photosOut: StoreKeptPhotos
    private(set) var reports = 0
    private(set) var photos = 0
    private(set) var sightings = 0

    init(from: any ReportStore, into: any ReportStore, photosIn: StoreKeptPhotos, photosOut: StoreKeptPhotos) {
        (self.from, self.into, self.photosIn, self.photosOut) = (from, into, photosIn, photosOut)
    }

    mutating func run(progress: (Int) -> Void) async throws {
        var query = ReportListQuery(limit: ReportListQuery.maximumLimit)
        while true {
            let page = try await from.list(query)
            guard !page.isEmpty else { break }
            let summary = try await into.importReports(ReportArraySource(reports: page), skipInvalid: false)
            reports += summary.imported
            let found = try await photosIn.photos(ids: page.map(\.id))
            let kept = page.compactMap { report in found[report.id].map { (id: report.id, photo: $0) } }
            try await photosOut.writeAll(kept)
            photos += kept.count
            progress(reports)
            guard page.count == query.limit, let last = page.last else { break }
            query.after = last.id
        }
        var after: String?
        while true {
            let page = try await from.sightings(afterID: after, limit: 1_000)
            try await into.restoreSightings(page)
            sightings += page.count
            for start in stride(from: 0, to: page.count, by: 20) {
                let ids = page[start..<min(start + 20, page.count)].map(\.id)
                let found = try await photosIn.sightingPhotos(ids: ids)
                try await photosOut.writeSightingPhotos(found.map { (id: $0.key, photo: $0.value) })
                photos += found.count
            }
            guard page.count == 1_000, let last = page.last else { return }
            after = last.id
        }
    }
}

/// Why a copy did not finish; the description is the message (exit 1).
enum ReportsCopyError: CommandFailure {
    case targetNotEmpty(StoreURL, Int)
    case countDiffers(Int, Int)
    case photo(ReportPhotoError)

    var message: String {
        switch self {
        case .targetNotEmpty(let url, let count):
            "The target store \(url) already holds \(count) reports; copy into an empty store."
        case .countDiffers(let copied, let stored):
            "Copied \(copied) reports but the target holds \(stored): check it before serving from it."
        case .photo(let error):
            "The reports were copied, but not every photo: \(error.description)"
        }
    }
}
