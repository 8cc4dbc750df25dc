import ArgumentParser
import Geodata
import Geodesy
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports

extension PetSpot.Reports {
    /// `petspot reports list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List stored reports in id order, a page at a time.",
            discussion: """
                One line per report: id, kind, status, place and radius. --after ID continues \
                after the last id of a page.

                JSON output: {"reports": [announcement…], "next": "last id" | null} (next is set \
                when the page is full).
                """
        )

        @Option(help: "Only missing or found reports.")
        var kind: String?

        @Option(help: "Only ACTIVE, FOUND or CLOSED reports.")
        var status: String?

        @Option(help: ArgumentHelp("Start after this id (the last of the previous page).", valueName: "id"))
        var after: String?

        @Option(help: "At most this many (1–10000).")
        var limit = 100

        @OptionGroup var output: JSONOutputOption

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if let kind, ReportKind(rawValue: kind) == nil { throw ValidationError("--kind must be missing or found.") }
            if let status, ReportStatus(text: status) == nil {
                throw ValidationError("--status must be one of \(ReportStatus.choices).")
            }
            guard (1...ReportListQuery.maximumLimit).contains(limit) else {
                throw ValidationError("--limit must be from 1 to \(ReportListQuery.maximumLimit).")
            }
        }

        func run() async throws {
            let query = ReportListQuery(
                kind: kind.flatMap(ReportKind.init(rawValue:)), status: status.flatMap(ReportStatus.init(text:)),
                after: after, limit: limit)
            let reports = try await withStore(storeOptions, schema: .current) { store throws(ReportStoreError) in
                try await store.list(query)
            }
            if output.json {
                print(ReportJSON.list(reports, limit: query.limit).text)
                return
            }
            for report in reports {
                let place =
                    report.coordinate.map {
                        RadiusDisplay.line(place: report.place, coordinate: $0, radius: report.radius) ?? $0.formatted
                    } ?? report.place ?? "—"
                print("\(report.id)  \(report.kind)  \(report.status)  \(place.terminalSafe)")
            }
            if reports.count == query.limit, let last = reports.last {
                print("… more after \(last.id): petspot reports list --after \(last.id)")
            }
        }
    }

    /// `petspot reports show ID`.
    struct ShowReport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print one stored report as announcement JSON (petspot show ID prints its card).")

        @OptionGroup var report: StoredReportOptions

        func run() async throws {
            let stored = try await report.withReport(schema: .current) { store, id throws(ReportStoreError) in
                try await store.report(id: id)
            }
            print(ReportJSON.report(stored).text)
        }
    }

    /// `petspot reports remove ID`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a stored report, and its photo.",
            discussion: """
                The report's photo (PUT /v1/reports/ID/photo) is in the store, and goes with \
                it in the same transaction.
                """)

        @OptionGroup var report: StoredReportOptions

        func run() async throws {
            let id = report.id
            try await withKeeper(report.storeOptions) { keeper throws(ReportKeeperError) in
                try await keeper.remove(id: id)
            }
            print("Removed report \(report.id.terminalSafe).")
        }
    }

    /// `petspot reports close ID`.
    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Close a stored report (status CLOSED; it leaves nearby search).",
            discussion: "--status FOUND or ACTIVE sets that status instead (ACTIVE reopens it).")

        @Argument(help: "The report's id.")
        var id: String

        @Option(help: "The new status: CLOSED, FOUND or ACTIVE.")
        var status = "CLOSED"

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if ReportStatus(text: status) == nil {
                throw ValidationError("--status must be one of \(ReportStatus.choices).")
            }
        }

        func run() async throws {
            let id = self.id
            let status = ReportStatus(text: self.status) ?? .closed
            let report = try await withKeeper(storeOptions) { keeper throws(ReportKeeperError) in
                try await keeper.setStatus(status, id: id)
            }
            print("Report \(report.id.terminalSafe) is \(report.status).")
        }
    }

    /// `petspot reports renew ID`.
    struct Renew: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Renew a stored report: its age starts again (it stays open another lifetime).",
            discussion:
                "A server closes an open report not renewed for --missing-max-age-days (90) or --found-max-age-days "
                + "(30). Renewing leaves the status as it is: `petspot reports close ID --status ACTIVE` reopens one.")

        @Argument(help: "The report's id.")
        var id: String

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let id = self.id
            let report = try await withStore(storeOptions) { store throws(ReportStoreError) in
                try await store.renew(id: id)
            }
            print("Report \(report.id.terminalSafe) was renewed at \(report.renewedAt ?? "now").")
        }
    }
}
