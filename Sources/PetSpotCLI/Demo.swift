import ArgumentParser
import Geodata

extension PetSpot {
    /// `petspot demo`, also what `petspot` with no arguments runs.
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what the location layer does, with no receiver and no network (the default)."
        )

        func run() throws {
            print("PetSpot Location — coordinate fields as the report forms check them\n")
            let examples: [(String, String)] = [("52,2297", "21.0122"), ("95", "21.0122"), ("52.2297", "")]
            for (latitude, longitude) in examples {
                let fields = CoordinateFieldsValidation(
                    latitude: latitude, longitude: longitude,
                    requirement: .missingPetFlow)
                print("Latitude \"\(latitude)\", Longitude \"\(longitude)\"")
                print(
                    ValidationReport(fields: fields).text.split(separator: "\n").map { "  " + $0 }.joined(
                        separator: "\n"))
            }
        }
    }
}
