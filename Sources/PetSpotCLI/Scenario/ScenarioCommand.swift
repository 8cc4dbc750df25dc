import ArgumentParser
import Foundation
import OutsideInput
import Scenarios

extension PetSpot {
    /// `petspot scenario`: scripted permission and fix scenarios on a virtual clock.
    struct ScenarioCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scenario",
            abstract: "Play scripted permission and fix scenarios (no receiver needed).",
            discussion: """
                A scenario scripts the permission (not determined, denied, restricted, the \
                person's answer at the prompt, changes in settings) and the receiver (fixes, \
                no fix, lost and back, GPX or NMEA tracks) on a virtual clock, and plays it \
                through the real LocationService. NAME is a bundled scenario (see `petspot \
                scenario list`); PATH is a .yaml or .json file. The format is in \
                Docs/Scenarios.md.
                """,
            subcommands: [List.self, Run.self, Check.self, Export.self]
        )
    }
}

/// Loads a scenario by name or path; a broken file is reported on stderr with exit 65.
func loadScenario(_ reference: String) throws -> Scenario {
    do {
        return try ScenarioLibrary.load(reference)
    } catch {
        printError(error.description)
        throw ExitCode(65)
    }
}

/// Prints `message` on stderr, terminal-safe (it may quote outside input; line breaks kept).
func printError(_ message: String) {
    let safe = TerminalSafeText.terminalSafe(message, allowingNewlines: true)
    FileHandle.standardError.write(Data("petspot: \(safe)\n".utf8))
}
