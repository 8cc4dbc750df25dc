import ArgumentParser
import ReportStore

extension PetSpot.Reports {
    /// `petspot reports backup FILE`.
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy an SQLite store to a new file, consistently, while a server keeps writing.",
            discussion: """
                SQLite's online backup, from one read snapshot: every report acknowledged before \
                the backup began is in the copy. The copy is one self-contained file (no -wal \
                beside it) that passes PRAGMA integrity_check; it is written beside FILE and \
                moved there only when whole, and an existing FILE is never replaced. Restore by \
                stopping the server and putting the copy in the store's place, or serve it with \
                --store sqlite:FILE.

                A PostgreSQL store is backed up with pg_dump (Docs/Store.md, Backup and restore).
                """)

        @Argument(help: ArgumentHelp("The new file for the copy.", valueName: "file"))
        var file: String

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let url = try storeOptions.url()
            do {
                let (reports, bytes) = try await StoreEngines.backup(url, to: file)
                print("Backed up \(reports) reports of \(url) to \(file) (\(bytes) bytes, integrity ok).")
            } catch {
                throw StoreFailure(error: error)
            }
        }
    }
}
