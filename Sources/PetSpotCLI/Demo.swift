import ArgumentParser
import Foundation
import OutsideInput
import ReportSteps
import Scenarios

extension PetSpot {
    /// `petspot demo`, also what `petspot` with no arguments runs: the Missing report's
    /// *Animal description* step with Request GPS position answered by the default scenario.
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Show the Animal description step filling its coordinates from the default scenario (the default).",
            discussion: """
                Draws the Missing report's Animal description step (3/4) as `petspot report \
                missing` does, presses Request GPS position, and plays the bundled default \
                scenario through the LocationService on a virtual clock: the permission \
                question appears, the scripted person allows it, the receiver's fix arrives, \
                and the screen is drawn again with Lat and Long filled with five decimals. \
                It needs no receiver, no network and no terminal, and prints the same text \
                every time (the date is the scenario's start day).

                Exit status: 0 when the fields were filled, 1 otherwise.
                """
        )

        @MainActor
        func run() async throws {
            let scenario = try loadScenario(ScenarioLibrary.defaultName)
            let terminal = {
                var terminal = Terminal.current
                terminal.allowsRedraw = false  // the demo is read top to bottom: before, the scenario, after
                return terminal
            }()
            let console = WizardConsole(terminal: terminal)
            let location = WizardLocationSource(
                requester: ScenarioLocationRequester(
                    scenario: scenario, onEntry: { WizardScreen(terminal: terminal).scenarioLine($0) }),
                service: nil, name: "scenario \(scenario.name)")
            let startDay = Today.day(of: scenario.start, utcOffsetSeconds: 0)
            let flow = MissingPetReportFlow(locationRequester: location.requester, today: .fixed(startDay))
            let wizard = MissingWizard(flow: flow, console: console, location: location)

            terminal.line(terminal.paint("PetSpot — petspot report missing, step 3/4, played by a scenario", .bold))
            terminal.line(
                "No receiver, no network: the scenario \"\(scenario.name.terminalSafe)\" (\(scenario.title.terminalSafe)) answers."
            )
            wizard.drawDescription()
            terminal.line(terminal.paint("Choose:", .bold) + " g")
            try await wizard.requestPosition()
            wizard.drawDescription()

            let fields = flow.descriptionStep.coordinates
            guard fields.isCaptured else {
                terminal.line()
                terminal.line(terminal.paint("The fields were not filled: \(fields.helperText.terminalSafe)", .red))
                throw ExitCode(1)
            }
            terminal.line()
            terminal.line(
                "Filled from the scenario's fix: \(fields.copy.latitudeLabel) \(fields.latitudeText), "
                    + "\(fields.copy.longitudeLabel) \(fields.longitudeText)")
            terminal.line(terminal.paint("Try it yourself: petspot report missing --scenario default", .dim))
        }
    }
}
