import ArgumentParser
import Geodata
import Location
import Scenarios

extension PetSpot {
    /// `petspot demo`, also what `petspot` with no arguments runs: plays the default
    /// scenario end to end, then shows the coordinate fields as the report forms check them.
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what the location layer does, with no receiver and no network (the default).",
            discussion: """
                Plays the bundled default scenario (not determined → granted → fix, in \
                Warsaw) through the LocationService on a virtual clock, fills the latitude \
                and longitude fields from the fix, and checks a few typed values as the \
                report forms do. Exit status: 0, or 1 if the default scenario's expectations \
                fail.
                """
        )

        func run() async throws {
            print("PetSpot Location — the default scenario, played through the LocationService\n")
            let scenario = try loadScenario(ScenarioLibrary.defaultName)
            let run = await ScenarioRunner(scenario: scenario).run()
            print(run.text)
            if let fix = run.fixes.last {
                print("The report form's fields, filled from the fix:")
                let fields = CoordinateFieldsValidation(
                    latitude: fix.coordinate.latitude.formatted, longitude: fix.coordinate.longitude.formatted,
                    requirement: .missingPetFlow)
                print(indented(ValidationReport(fields: fields).text) + "\n")
            }
            print("Coordinate fields as the report forms check them:\n")
            let examples: [(String, String)] = [("52,2297", "21.0122"), ("95", "21.0122"), ("52.2297", "")]
            for (latitude, longitude) in examples {
                let fields = CoordinateFieldsValidation(
                    latitude: latitude, longitude: longitude,
                    requirement: .missingPetFlow)
                print("Latitude \"\(latitude)\", Longitude \"\(longitude)\"")
                print(indented(ValidationReport(fields: fields).text))
            }
            if !run.passed { throw ExitCode(1) }
        }

        private func indented(_ text: String) -> String {
            text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        }
    }
}
