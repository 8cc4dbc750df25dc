import ArgumentParser
import Foundation
import OutsideInput
import ScenarioSteps
import Scenarios

extension PetSpot.ScenarioCommand {
    /// `petspot scenario run NAME|PATH`.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play one scenario and print its transcript.",
            discussion: """
                Each line: virtual time, who (app, prompt, person, receiver), what happened \
                or what the app received ("← fix …"), and the service state (authorization, \
                provider running or stopped). Then the scenario's expectations. Without \
                --realtime or --speed the scenario plays instantly and the output is the same \
                bytes every time.

                Exit status: 0 played (whatever the expectations; `scenario check` judges \
                them), 64 usage error, 65 the file has an error.
                """
        )

        @Argument(help: ArgumentHelp("A bundled scenario's name, or a .yaml/.json file.", valueName: "name|path"))
        var scenario: String

        @Flag(help: "Play at wall-clock pace (1 virtual second per second).")
        var realtime = false

        @Option(
            help: ArgumentHelp("Play at this many times wall-clock pace (0.001 to 100000).", valueName: "x"),
            transform: PlainNumber.option)
        var speed: Double?

        @OptionGroup var output: JSONOutputOption

        func validate() throws {
            if realtime && speed != nil { throw ValidationError("Give --realtime or --speed, not both.") }
            if let speed, !(speed.isFinite && ScenarioPace.speeds.contains(speed)) {
                throw ValidationError(
                    "--speed must be a number from \(ScenarioPace.speeds.lowerBound) to 100000 (times wall-clock pace)."
                )
            }
        }

        var pace: ScenarioPace {
            if realtime { return .realtime(speed: 1) }
            if let speed { return .realtime(speed: speed) }
            return .instant
        }

        func run() async throws {
            let scenario = try loadScenario(self.scenario)
            let live: Bool
            if case .instant = pace { live = false } else { live = !output.json }
            if live { print("Scenario \(scenario.name): \(scenario.title)".terminalSafe) }
            let result = await play(scenario, pace: pace, live: live)
            if output.json {
                print(ScenarioJSON.run(result).text)
            } else if live {
                print(result.summaryText, terminator: "")
            } else {
                print(result.text, terminator: "")
            }
        }
    }
}

/// Plays `scenario`, printing each entry as it is written when `live`.
private func play(_ scenario: Scenario, pace: ScenarioPace, live: Bool) async -> ScenarioRun {
    let runner = ScenarioRunner(
        scenario: scenario, pace: pace, stepEvaluator: await ReportStepPlayback.evaluator(for: scenario))
    guard live else { return await runner.run() }
    return await runner.run(onEntry: { (entry: TranscriptEntry) in print(entry.line) })
}
