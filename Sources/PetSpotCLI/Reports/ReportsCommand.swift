import ArgumentParser
import Foundation
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports

extension PetSpot {
    /// `petspot reports import|list|show|remove|close|renew|token|backup|scrub-photos|forget`.
    struct Reports: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Keep reports in the reports store: import, list, show, remove, close, renew, owner tokens, back up, clean photos, forget an address.",
            discussion: """
                The store is an SQLite file by default ($XDG_DATA_HOME/petspot/reports.sqlite, \
                else ~/.local/share/petspot/reports.sqlite) or a PostgreSQL + PostGIS database: \
                --store URL or PETSPOT_STORE (see Docs/Store.md). `petspot nearby --from PAIR` \
                searches the open missing reports it holds; `petspot show ID` prints one's card.

                Exit status: 0 done, 1 invalid input or a store error (the message says which), \
                64 usage error.
                """,
            subcommands: [
                Import.self, Export.self, Copy.self, List.self, ShowReport.self, Remove.self, Close.self, Renew.self,
                Token.self, Backup.self, ScrubPhotos.self, Forget.self,
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
                reads. JSON Lines: what `reports export` writes, every field and photo, read a \
                line at a time: each photo passes the photo rules of PUT \
                /v1/reports/ID/photo (its type from its bytes, the report's flow's formats \
                and size, at most 10 MB) and loses its metadata (EXIF with GPS, XMP, IPTC, \
                comments); a refused photo, or a line over 14,381,912 bytes, is that line's \
                problem. The photos wait in a temporary file and go into the store with \
                their reports. Ids are 1–128 ASCII letters, digits and -_.:~@+. The \
                subscription lines of `reports export --include-subscriptions` are stored \
                with the reports, as they were (confirmed or not, the links already mailed \
                still working); one that is invalid, or whose id or token is stored already \
                or repeated, is listed like a report's line. The sighting lines \
                ({"sighting": …}) are stored after the reports, in one transaction, as they \
                were (whatever their report's status now), their photos (the report photos' \
                rules, a missing report's flow) after them; one whose report is not a line of \
                the file, or whose photo is refused, is listed like a report's line.

                Every invalid row is listed with its line (item for JSON), as is an id already \
                stored or repeated; then nothing is stored, unless --skip-invalid, which \
                stores the valid rows and lists what it skipped. A file with no reports (nor \
                subscriptions) is an error. The reports and subscriptions are stored in one \
                transaction: interrupted, it stores none of them; their photos follow.

                JSON output: {"imported": N, "skipped": M, "problems": [{"line": L, "message": …}]}, \
                plus "subscriptions": K (how many were stored) when the file has subscription lines, \
                and "sightings": S when it has sighting lines.
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
            var lines = try openLines()
            let first: UInt8?
            do {
                first = try lines.firstNonBlankByte()
            } catch {
                throw FileReadError(file, error, limit: PetSpot.Nearby.maximumReportsBytes, what: "the reports file")
            }
            var archive: ReportArchive.Contents?
            var spool: PhotoSpool?
            let source: any ReportSource
            if ReportArchive.isArchive(firstNonBlankByte: first) {
                let photos = try PhotoSpool()
                let contents = try ReportsArchiveImport.read(&lines, file: file, spool: photos)
                (archive, spool, source) = (contents, photos, ReportArraySource(contents.rows))
            } else {
                let limit = PetSpot.Nearby.maximumReportsBytes
                let bytes: [UInt8]
                do {
                    bytes = try lines.rest(limit: limit)
                } catch {
                    throw FileReadError(file, error, limit: limit, what: "the reports file")
                }
                source = try ReportsFile.source(bytes, name: name)
            }
            let url = try storeOptions.url()
            let skipInvalid = self.skipInvalid
            let imported = try await withStore(storeOptions) { store throws(ReportStoreError) in
                do throws(ReportStoreError) {
                    var source = source
                    var (subscriptions, sightings) = (0, 0)
                    if let archive, !archive.subscriptions.isEmpty || !archive.sightings.isEmpty {
                        let (rows, stored) = try await ReportsArchiveImport.rows(archive, beside: store)
                        source = ReportArraySource(
                            ReportsArchiveImport.sightingProblems(archive, rows), subscriptions: stored)
                        subscriptions = stored.count
                    }
                    let summary = try await store.importReports(source, skipInvalid: skipInvalid)
                    var photoFailure: ReportPhotoError?
                    if let archive, let spool {
                        photoFailure = await ReportsArchiveImport.keepPhotos(
                            archive, from: spool, summary: summary, in: try keptPhotos(store))
                    }
                    if let archive {
                        sightings = try await ReportsArchiveImport.keepSightings(archive, summary: summary, in: store)
                        if photoFailure == nil, let spool, !archive.sightingPhotos.isEmpty {
                            photoFailure = await ReportsArchiveImport.keepSightingPhotos(
                                archive, from: spool, summary: summary, in: try keptPhotos(store))
                        }
                    }
                    return Result<(ImportSummary, ReportPhotoError?, Int, Int), ReportStoreError>.success(
                        (summary, photoFailure, subscriptions, sightings))
                } catch {
                    return .failure(error)
                }
            }
            let (summary, subscriptions, sightings): (ImportSummary, Int, Int)
            switch imported {
            case .success((let value, nil, let stored, let seen)):
                (summary, subscriptions, sightings) = (value, stored, seen)
            case .success((_, let photoFailure?, _, _)):
                FileHandle.standardError.write(
                    Data(
                        "petspot: the reports are stored, but not every photo: \(photoFailure.description.terminalSafe)\n"
                            .utf8))
                throw ExitCode(1)
            case .failure(let error): throw StoreFailure(error: error, subject: name)
            }
            if output.json {
                var json = ReportJSON.importSummary(summary)
                if archive?.subscriptions.isEmpty == false, case .object(let members) = json {
                    json = .object(members + [("subscriptions", .number(Double(subscriptions)))])
                }
                if archive?.sightings.isEmpty == false, case .object(let members) = json {
                    json = .object(members + [("sightings", .number(Double(sightings)))])
                }
                print(json.text)
                return
            }
            print(
                "Stored \(summary.imported) report\(summary.imported == 1 ? "" : "s") from \(name.terminalSafe) in \(url)."
            )
            if archive?.subscriptions.isEmpty == false {
                print("Stored \(subscriptions) subscription\(subscriptions == 1 ? "" : "s") (area alerts by mail).")
            }
            if archive?.sightings.isEmpty == false {
                print("Stored \(sightings) sighting\(sightings == 1 ? "" : "s") of the reports.")
            }
            if let scrubbed = archive?.scrubbedPhotos, scrubbed > 0 {
                print(
                    "Took the metadata (EXIF, XMP, IPTC, comments) out of \(scrubbed) photo\(scrubbed == 1 ? "" : "s")."
                )
            }
            guard summary.skippedCount > 0 else { return }
            print("Skipped \(summary.skippedCount) invalid row\(summary.skippedCount == 1 ? "" : "s"):")
            for problem in summary.skipped.prefix(20) { print("  \(problem.description.terminalSafe)") }
            if summary.skippedCount > 20 { print("  … and \(summary.skippedCount - 20) more") }
        }

        /// The lines of `file` (or standard input), read as they are taken.
        private func openLines() throws -> InputLines {
            guard file != "-" else {
                return InputLines(standardInputWithMaximumLineBytes: ReportArchive.maximumLineBytes)
            }
            do {
                return try InputLines(path: file, maximumLineBytes: ReportArchive.maximumLineBytes)
            } catch {
                throw FileReadError(file, error, limit: PetSpot.Nearby.maximumReportsBytes, what: "the reports file")
            }
        }
    }
}
