import ArgumentParser
import Geodata
import Geodesy
import OutsideInput
import PetSpotJSON
import Places

extension PetSpot {
    /// `petspot place NAME|PAIR`: towns by name, or the town nearest a place.
    struct Place: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find towns by name, or the town nearest a coordinate pair (Debian's libgeonames).",
            discussion: """
                `petspot place krakow` lists up to --limit towns whose name, or a word of it, \
                starts with the text (case and accents do not matter), the most populous first. \
                `petspot place 52.0815,21.0240` gives the nearest town and how far it is.

                JSON output (--json): {"places": [{"name", "state", "country", "countryCode", \
                "latitude", "longitude", "population"}]} for a name, {"place", "distanceMeters"} \
                for a pair, as GET /v1/places and /v1/places/nearest answer.

                Exit status: 0 found, 1 nothing found or town names not available, 64 usage error.
                """)

        @Argument(help: "A town's name (or its first letters), or a coordinate pair.")
        var text: String

        @Option(help: "At most this many towns for a name (1-50).")
        var limit = 10

        @Flag(help: "Print JSON.")
        var json = false

        func validate() throws {
            guard (1...50).contains(limit) else { throw ValidationError("--limit must be from 1 to 50") }
            guard text.count <= 100 else { throw ValidationError("the name is longer than 100 characters") }
        }

        func run() throws {
            let towns: TownList
            do {
                towns = try TownList.shared()
            } catch {
                throw PlaceFailure(message: error.description)
            }
            if let place = try? Coordinate(parsing: text) {
                guard let nearest = towns.nearest(to: place) else { throw PlaceFailure(message: "no town is known") }
                let meters = Geodesic.wgs84.inverse(from: place, to: nearest.town.coordinate).meters
                if json {
                    print(
                        JSONValue.object([
                            ("place", Self.json(nearest.town)),
                            ("distanceMeters", .number((meters * 10).rounded() / 10)),
                        ]).text)
                } else {
                    print("\(Self.line(nearest.town)) • \(Self.distance(meters)) away")
                }
                return
            }
            let found = towns.search(text, limit: limit)
            if json {
                print(JSONValue.object([("places", .array(found.map(Self.json)))]).text)
            } else {
                for town in found { print(Self.line(town)) }
            }
            if found.isEmpty {
                throw PlaceFailure(
                    message:
                        "no town's name starts with \(TerminalSafeText.terminalSafe(text, allowingNewlines: false))")
            }
        }

        static func line(_ town: Town) -> String {
            let parts = [town.name, town.state, town.country].filter { !$0.isEmpty }
            let text = parts.joined(separator: ", ") + "  \(town.coordinate.formatted) • population \(town.population)"
            return TerminalSafeText.terminalSafe(text, allowingNewlines: false)
        }

        static func distance(_ meters: Double) -> String {
            meters < 1_000 ? "\(Int(meters.rounded())) m" : "\((meters / 100).rounded() / 10) km"
        }

        static func json(_ town: Town) -> JSONValue {
            .object([
                ("name", .string(town.name)), ("state", .string(town.state)), ("country", .string(town.country)),
                ("countryCode", .string(town.countryCode)), ("latitude", .number(town.coordinate.latitude.degrees)),
                ("longitude", .number(town.coordinate.longitude.degrees)),
                ("population", .number(Double(town.population))),
            ])
        }
    }
}

/// Nothing found, or town names not available (exit 1).
struct PlaceFailure: CommandFailure {
    let message: String
}
