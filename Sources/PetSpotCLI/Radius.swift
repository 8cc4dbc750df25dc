import ArgumentParser
import Geodata
import Geodesy

extension PetSpot {
    /// `petspot radius`: the Pet details card's location line, and the search circle.
    struct Radius: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a place and its search radius as the Pet details card does, or its circle as GeoJSON.",
            discussion: """
                Prints the card's line ("Warsaw • ±15 km", or the coordinate when there is no \
                --name: "52.22970, 21.01220 • ±15 km") and the circle's area. The radius rules \
                are in Docs/Geodesy.md: metres below 1 km, kilometres above, never ±0.

                --geojson prints a GeoJSON Feature (RFC 7946) whose geometry is the circle as a \
                polygon of --points vertices: a MultiPolygon where it crosses the antimeridian, \
                closed along the pole where it surrounds one, a Point for radius 0.

                Exit status: 0 done, 1 invalid centre or radius, 64 usage error.
                """
        )

        @Option(name: .long, parsing: .unconditional, help: "The centre, a pair such as 52.2297,21.0122.")
        var center: String

        @Option(
            name: .long, parsing: .unconditional, help: "The radius in kilometres, 0 to 10000.",
            transform: PlainNumber.option)
        var km: Double

        @Option(help: "The place's name (the report's location).")
        var name: String?

        @Option(help: "How many vertices the GeoJSON polygon has, 3 to 10000.")
        var points: Int = SearchCircle.defaultPointCount

        @Flag(help: "Print the circle as a GeoJSON Feature.")
        var geojson = false

        @OptionGroup var output: JSONOutputOption

        func validate() throws {
            if geojson && output.json { throw ValidationError("Give --geojson or --json, not both.") }
        }

        func run() throws {
            let centre = try CoordinateArguments.coordinate(center, name: "Centre")
            let radius = try SearchRadius.argument(km) { ArgumentValueError.radius(GeodesyError($0)) }
            let circle = SearchCircle(center: centre, radius: radius)
            let line = RadiusDisplay.line(place: name, coordinate: centre, radius: radius) ?? centre.formatted
            if geojson {
                let geometry: GeoJSONGeometry
                do {
                    geometry = try circle.geoJSON(points: points)
                } catch {
                    throw ArgumentValueError.radius(error)
                }
                print(GeodesyJSON.radiusFeature(label: line, name: name, circle: circle, geometry: geometry).text)
            } else if output.json {
                print(GeodesyJSON.radius(label: line, circle: circle).text)
            } else {
                print(line)
                print("Area: \(FixedDecimal.string(circle.area / 1_000_000, decimals: 3)) km²")
            }
        }
    }
}
