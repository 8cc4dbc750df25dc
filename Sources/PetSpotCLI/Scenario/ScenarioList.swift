import ArgumentParser
import OutsideInput
import PetSpotJSON
import Scenarios

extension PetSpot.ScenarioCommand {
    /// `petspot scenario list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the bundled scenarios.",
            discussion: "Exit status: 0, or 65 if a bundled file is broken."
        )

        @Flag(help: "Print one JSON array instead of text.")
        var json = false

        func run() throws {
            let scenarios: [Scenario]
            do {
                scenarios = try ScenarioLibrary.loadBundled()
            } catch {
                printError(error.description)
                throw ExitCode(65)
            }
            if json {
                print(ScenarioJSON.list(scenarios).text)
                return
            }
            let width = scenarios.map(\.name.count).max() ?? 0
            for scenario in scenarios {
                let marker = scenario.name == ScenarioLibrary.defaultName ? " (default)" : ""
                print(
                    scenario.name + String(repeating: " ", count: width - scenario.name.count + 2)
                        + scenario.title.terminalSafe + marker)
            }
        }
    }
}
