import ArgumentParser
import Foundation
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports

extension PetSpot {
    /// `petspot reports import|list|show|remove|close|token|backup`.
    struct Reports: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep reports in the reports store: import, list, show, remove, close, owner tokens, back up.",
            discussion: """
                The store is an SQLite file by default ($XDG_DATA_HOME/petspot/reports.sqlite, \
                else ~/.local/share/petspot/reports.sqlite) or a PostgreSQL + PostGIS database: \
                --store URL or PETSPOT_STORE (see Docs/Store.md). `petspot nearby --from PAIR` \
                searches the open missing reports it holds; `petspot show ID` prints one's card.

                Exit status: 0 done, 1 invalid input or a store error (the message says which), \
                64 usage error.
                """,
            subcommands: [
                Import.self, Export.self, Copy.self, List.self, ShowReport.self, Remove.self, Close.self, Token.self,
                Backup.self,
            ]
        )
    }
}

extension PetSpot.Reports {
    /// `petspot reports import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Store the reports of a CSV, JSON or JSON Lines (reports export) file, all or none.",
            discussion: """
                CSV (RFC 4180: CRLF or LF, quoted fields, a UTF-8 byte order mark; lines \
                starting with # are comments): id,latitude,longitude,radiusKm, or a header \
                naming those columns in any order, plus optional location (the place's name) \
                and status (ACTIVE, FOUND, CLOSED). JSON: the array `petspot nearby --reports` \
                reads. JSON Lines: what `reports export` writes, every field and photo (the \
                photos go into the store with their reports). Ids are 1–128 ASCII letters, \
                digits and -_.:~@+.

                Every invalid row is listed with its line (item for JSON), as is an id already \
                stored or repeated; then nothing is stored, unless --skip-invalid, which \
                stores the valid rows and lists what it skipped. A file with no reports is an \
                error. The import is one transaction: interrupted, it stores nothing.

                JSON output: {"imported": N, "skipped": M, "problems": [{"line": L, "message": …}]}.
                """
        )

        @Argument(help: ArgumentHelp("The CSV or JSON file, or - for standard input.", valueName: "file"))
        var file: String

        @Flag(help: "Store the valid rows and list the invalid ones, instead of storing nothing.")
        var skipInvalid = false

        @OptionGroup var output: JSONOutputOption

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let name = file == "-" ? "standard input" : file
            let bytes = try BoundedRead.bytes(file, limit: PetSpot.Nearby.maximumReportsBytes, what: "the reports file")
            let archive = ReportArchive.isArchive(bytes) ? ReportArchive.read(bytes) : nil
            let source = try archive.map { ReportArraySource($0.rows) } ?? ReportsFile.source(bytes, name: name)
            let url = try storeOptions.url()
            let imported = try await withStore(storeOptions) { store throws(ReportStoreError) in
                do throws(ReportStoreError) {
                    let summary = try await store.importReports(source, skipInvalid: skipInvalid)
                    var photoFailure: ReportPhotoError?
                    if let archive {
                        photoFailure = await ReportsArchiveImport.keepPhotos(
                            archive, summary: summary, in: try keptPhotos(store))
                    }
                    return Result<(ImportSummary, ReportPhotoError?), ReportStoreError>.success((summary, photoFailure))
                } catch {
                    return .failure(error)
                }
            }
            let summary: ImportSummary
            switch imported {
            case .success((let value, nil)): summary = value
            case .success((_, let photoFailure?)):
                FileHandle.standardError.write(
                    Data(
                        "petspot: the reports are stored, but not every photo: \(photoFailure.description.terminalSafe)\n"
                            .utf8))
                throw ExitCode(1)
            case .failure(let error): throw StoreFailure(error: error, subject: name)
            }
            if output.json {
                print(ReportJSON.importSummary(summary).text)
                return
            }
            print(
                "Stored \(summary.imported) report\(summary.imported == 1 ? "" : "s") from \(name.terminalSafe) in \(url)."
            )
            guard summary.skippedCount > 0 else { return }
            print("Skipped \(summary.skippedCount) invalid row\(summary.skippedCount == 1 ? "" : "s"):")
            for problem in summary.skipped.prefix(20) { print("  \(problem.description.terminalSafe)") }
            if summary.skippedCount > 20 { print("  … and \(summary.skippedCount - 20) more") }
        }
    }
}
