import ArgumentParser
import Geodata
import Geodesy

extension PetSpot {
    /// `petspot distance FROM TO`: the geodesic distance and bearings between two points.
    struct Distance: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Distance and bearings between two points on the WGS84 ellipsoid (PROJ).",
            discussion: """
                FROM and TO are pairs such as 52.2297,21.0122 or "52.2297, 21.0122" (any form \
                `petspot validate` accepts). Negative values work as typed: \
                petspot distance -33.8688,151.2093 51.5074,-0.1278.

                Bearings are degrees clockwise from north, 0 to 360; the final bearing is the \
                direction of travel on arrival. JSON: {"meters": …, "initialBearing": …, \
                "finalBearing": …}.

                Exit status: 0 done, 1 invalid coordinate, 64 usage error.
                """
        )

        static let names = ["FROM", "TO"]

        @OptionGroup var output: JSONOutputOption

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The two points.", valueName: "from> <to"))
        var points: [String] = []

        func validate() throws {
            _ = try CoordinateArguments.texts(points, names: Self.names)
        }

        func run() throws {
            let ends = try CoordinateArguments.coordinates(points, names: Self.names)
            let path = Geodesic.wgs84.inverse(from: ends[0], to: ends[1])
            let initial = GeodesicPath.compassBearing(path.initialBearing)
            let final = GeodesicPath.compassBearing(path.finalBearing)
            if output.json {
                print(GeodesyJSON.distance(path).text)
            } else {
                print("From:            \(ends[0].formatted)")
                print("To:              \(ends[1].formatted)")
                print("Distance:        \(FixedDecimal.string(path.meters, decimals: 3)) m")
                print("Initial bearing: \(FixedDecimal.string(initial, decimals: 5))°")
                print("Final bearing:   \(FixedDecimal.string(final, decimals: 5))°")
            }
        }
    }
}
