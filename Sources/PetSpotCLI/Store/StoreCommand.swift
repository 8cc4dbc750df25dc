import ArgumentParser
import OutsideInput
import PetSpotJSON
import ReportSteps
import ReportStore

extension PetSpot {
    /// `petspot store status|migrate`: the reports store's schema.
    struct Store: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The reports store itself: its status (engine, schema version, reports, size) and migrating it.",
            discussion: """
                `petspot serve` and the commands that change reports apply a new petspot's \
                migrations when they open a store. The commands that only read (reports list, \
                show and export, nearby, matches, show) never do: a store whose schema is older \
                than this petspot needs is refused, with this command to run. A migration can \
                take minutes on a large store (92 s for 10^7 reports on PostgreSQL); run it when \
                you choose, with `petspot store migrate`, before starting the new server.

                Exit status: 0 done, 1 a store error (the message says which), 64 usage error.
                """,
            subcommands: [Status.self, Migrate.self]
        )
    }
}

extension PetSpot.Store {
    /// `petspot store status`.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the store's engine, schema version (and the one this petspot needs), reports and size.",
            discussion: """
                Changes nothing: the schema is read as it is, even one newer than this petspot's.

                JSON output: {"store", "engine", "schemaVersion", "latestSchemaVersion", \
                "current", "reports", "bytes"}.
                """)

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let url = try storeOptions.url()
            let status: StoreStatus
            do {
                status = try await StoreEngines.status(url)
            } catch {
                throw StoreFailure(error: error)
            }
            if output.json {
                print(
                    JSONValue.object([
                        ("store", .string(url.description)), ("engine", .string(status.engine)),
                        ("schemaVersion", .number(Double(status.schemaVersion))),
                        ("latestSchemaVersion", .number(Double(status.latestSchemaVersion))),
                        ("current", .bool(status.isCurrent)), ("reports", .number(Double(status.reports))),
                        ("bytes", .number(Double(status.bytes))),
                    ]).text)
                return
            }
            let schema: String
            if status.schemaVersion < status.latestSchemaVersion {
                schema =
                    "version \(status.schemaVersion); this petspot needs \(status.latestSchemaVersion): "
                    + "run petspot store migrate"
            } else if status.schemaVersion > status.latestSchemaVersion {
                schema =
                    "version \(status.schemaVersion), from a newer petspot (this one knows up to "
                    + "\(status.latestSchemaVersion))"
            } else {
                schema = "version \(status.schemaVersion), the one this petspot needs"
            }
            print("Store:    \(url.description.terminalSafe)")
            print("Engine:   \(status.engine)")
            print("Schema:   \(schema)")
            print("Reports:  \(status.reports)")
            let size = PhotoAttachment.sizeText(byteCount: Int(clamping: status.bytes))
            print("On disk:  \(size) (\(status.bytes) bytes)")
        }

    }

    /// `petspot store migrate`.
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply this petspot's migrations to the store (making it when there is none).",
            discussion: """
                Safe beside running servers: PostgreSQL migrations run in one transaction under \
                an advisory lock; an SQLite file is migrated in one transaction. A schema newer \
                than this petspot's is refused, naming both versions.
                """)

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let url = try storeOptions.url()
            let (from, to): (Int, Int)
            do {
                (from, to) = try await StoreEngines.migrate(url)
            } catch {
                throw StoreFailure(error: error)
            }
            let name = url.description.terminalSafe
            if from == to {
                print("\(name) is at schema version \(to) already; nothing to do.")
            } else {
                print("Migrated \(name) from schema version \(from) to \(to).")
            }
        }
    }
}
