import ArgumentParser
import Foundation
import Geodata
import Geodesy
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports

extension PetSpot {
    /// `petspot nearby`: which missing-pet reports a found pet is within reach of.
    struct Nearby: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the missing-pet reports a found pet is within reach of, nearest first.",
            discussion: """
                A report is within reach when the geodesic distance from --from to its place is \
                at most its radius (plus --margin-km). Without --reports the open missing \
                reports of the reports store are searched (--store URL, else PETSPOT_STORE, \
                else the default SQLite file; see `petspot reports`). --reports FILE (- for \
                standard input) searches a one-off file instead, UTF-8, as a JSON array \
                [{"id": "r1", "latitude": 52.2297, "longitude": 21.0122, "radiusKm": 15}] (JSON \
                numbers; id text or a whole number; locationRadius also accepted; a key twice in \
                one object refuses the file) or as CSV (RFC 4180: CRLF or LF, quoted fields) with \
                columns id,latitude,longitude,radiusKm or a header naming them; lines starting \
                with # are comments. The radius is plain decimal km (0x10, nan, inf are refused). \
                Any invalid report rejects the file, with every problem listed by line or item.

                JSON output: {"from": {"latitude": …, "longitude": …}, "reports": N (searched; \
                null when a PostgreSQL store does not count them), "count": M, \
                "matches": [{"id": …, "meters": …, "latitude": …, "longitude": …, \
                "radiusMeters": …, "label": …}]}.

                Exit status: 0 done (also when nothing is in reach), 1 invalid input, 64 usage error.
                """
        )

        @Option(name: .long, parsing: .unconditional, help: "Where the pet was found, e.g. 52.2297,21.0122.")
        var from: String

        @Option(
            help: ArgumentHelp(
                "A reports file, JSON or CSV, instead of the store; - reads standard input.", valueName: "file"))
        var reports: String?

        @OptionGroup var storeOptions: StoreOptions

        @Option(
            name: .customLong("margin-km"), parsing: .unconditional, help: "Extra reach added to every radius, in km.",
            transform: PlainNumber.option)
        var marginKm: Double = 0

        @Option(help: "Show at most this many matches.")
        var limit: Int?

        @OptionGroup var output: JSONOutputOption

        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more.") }
            if reports != nil, storeOptions.store != nil {
                throw ValidationError("Give --reports or --store, not both.")
            }
        }

        func run() async throws {
            let location = try CoordinateArguments.coordinate(from, name: "FROM")
            let margin = try SearchRadius.argument(marginKm, ArgumentValueError.margin)
            let result: NearbyResult
            if let reports {
                let loaded = try ReportsFile.parse(
                    try BoundedRead.data(reports, limit: Self.maximumReportsBytes, what: "the reports file"),
                    name: reports == "-" ? "standard input" : reports)
                let matches = NearbySearch(reports: loaded).matches(near: location, margin: margin).map {
                    ReportMatch(
                        id: $0.report.id, coordinate: $0.report.coordinate, radius: $0.report.radius, meters: $0.meters)
                }
                result = NearbyResult(
                    matches: limit.map { Array(matches.prefix($0)) } ?? matches, count: matches.count,
                    searched: loaded.count)
            } else {
                let limit = self.limit
                result = try await withStore(storeOptions, schema: .current) { store throws(ReportStoreError) in
                    try await store.nearby(location, margin: margin, limit: limit)
                }
            }
            if output.json {
                print(ReportJSON.nearby(from: location, result: result).text)
                return
            }
            let total = result.searched.map { " of \($0)" } ?? ""
            let what = reports == nil ? "open missing reports" : "reports"
            print("\(result.count)\(total) \(what) within reach of \(location.formatted)")
            for match in result.matches {
                let distance = FixedDecimal.string(match.meters / 1000, decimals: 3)
                let label =
                    RadiusDisplay.line(place: nil, coordinate: match.coordinate, radius: match.radius)
                    ?? match.coordinate.formatted
                print("\(distance) km  \(match.id.terminalSafe)  \(label)")
            }
        }

        /// The largest reports file read (512 MB: about 8 million CSV reports).
        static let maximumReportsBytes = 512 * 1_048_576

    }
}
