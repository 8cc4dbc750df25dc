import ArgumentParser
import Foundation
import Geodata
import Geodesy
import OutsideInput

extension PetSpot {
    /// `petspot nearby`: which missing-pet reports a found pet is within reach of.
    struct Nearby: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the missing-pet reports a found pet is within reach of, nearest first.",
            discussion: """
                A report is within reach when the geodesic distance from --from to its place is \
                at most its radius (plus --margin-km). Reports come from --reports FILE (- for \
                standard input), UTF-8, as a JSON array \
                [{"id": "r1", "latitude": 52.2297, "longitude": 21.0122, "radiusKm": 15}] (JSON \
                numbers; id text or a whole number; locationRadius also accepted; a key twice in \
                one object refuses the file) or as CSV (RFC 4180: CRLF or LF, quoted fields) with \
                columns id,latitude,longitude,radiusKm or a header naming them; lines starting \
                with # are comments. The radius is plain decimal km (0x10, nan, inf are refused). \
                Any invalid report rejects the file, with every problem listed by line or item.

                JSON output: {"from": {"latitude": …, "longitude": …}, "reports": N, "count": M, \
                "matches": [{"id": …, "meters": …, "latitude": …, "longitude": …, \
                "radiusMeters": …, "label": …}]}.

                Exit status: 0 done (also when nothing is in reach), 1 invalid input, 64 usage error.
                """
        )

        @Option(name: .long, parsing: .unconditional, help: "Where the pet was found, e.g. 52.2297,21.0122.")
        var from: String

        @Option(help: ArgumentHelp("The reports file, JSON or CSV; - reads standard input.", valueName: "file"))
        var reports: String

        @Option(
            name: .customLong("margin-km"), parsing: .unconditional, help: "Extra reach added to every radius, in km.",
            transform: PlainNumber.option)
        var marginKm: Double = 0

        @Option(help: "Show at most this many matches.")
        var limit: Int?

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more.") }
        }

        func run() throws {
            let location = try CoordinateArguments.coordinate(from, name: "FROM")
            let margin: SearchRadius
            do {
                margin = try SearchRadius(kilometers: marginKm)
            } catch {
                throw InputError("Margin: \(error.description)")
            }
            let loaded = try ReportsFile.parse(
                try BoundedRead.data(reports, limit: Self.maximumReportsBytes, what: "the reports file"),
                name: reports == "-" ? "standard input" : reports)
            let search = NearbySearch(reports: loaded)
            var matches = search.matches(near: location, margin: margin)
            let count = matches.count
            if let limit { matches = Array(matches.prefix(limit)) }
            if json {
                print(jsonOutput(location, total: loaded.count, count: count, matches: matches).text)
            } else {
                print("\(count) of \(loaded.count) reports within reach of \(location.formatted)")
                for match in matches {
                    let distance = FixedDecimal.string(match.meters / 1000, decimals: 3)
                    let label =
                        RadiusDisplay.line(place: nil, coordinate: match.report.coordinate, radius: match.report.radius)
                        ?? match.report.coordinate.formatted
                    print("\(distance) km  \(match.report.id.terminalSafe)  \(label)")
                }
            }
        }

        /// The largest reports file read (512 MB: about 8 million CSV reports).
        static let maximumReportsBytes = 512 * 1_048_576

        private func jsonOutput(_ location: Coordinate, total: Int, count: Int, matches: [NearbyMatch]) -> JSONValue {
            .object([
                (
                    "from",
                    .object([
                        ("latitude", .number(location.latitude.degrees)),
                        ("longitude", .number(location.longitude.degrees)),
                    ])
                ),
                ("reports", .number(Double(total))), ("count", .number(Double(count))),
                (
                    "matches",
                    .array(
                        matches.map { match in
                            .object([
                                ("id", .string(match.report.id)), ("meters", .number(match.meters)),
                                ("latitude", .number(match.report.coordinate.latitude.degrees)),
                                ("longitude", .number(match.report.coordinate.longitude.degrees)),
                                ("radiusMeters", .number(match.report.radius.meters)),
                                (
                                    "label",
                                    .string(
                                        RadiusDisplay.line(
                                            place: nil, coordinate: match.report.coordinate, radius: match.report.radius
                                        ))
                                ),
                            ])
                        })
                ),
            ])
        }
    }
}
