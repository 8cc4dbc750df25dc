import ArgumentParser
import Foundation
import Scenarios

extension PetSpot.ScenarioCommand {
    /// `petspot scenario export NAME|PATH --nmea FILE`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a scenario's receiver timeline as an NMEA log (for gpsfake).",
            discussion: """
                One GGA and one RMC sentence (with checksums) per fix or no-fix report, \
                timed from the scenario's start; `gpsfake -1 FILE` replays it into a real \
                gpsd, which reports the same 5-decimal coordinates as the scenario provider. \
                FILE `-` writes to standard output; a FIFO or device is written in place, a \
                regular file replaced atomically (a failure leaves it as it was).

                Exit status: 0 written, 64 usage error, 65 the scenario has an error, 73 \
                FILE cannot be written.
                """
        )

        @Argument(help: ArgumentHelp("A bundled scenario's name, or a .yaml/.json file.", valueName: "name|path"))
        var scenario: String

        @Option(help: ArgumentHelp("Where to write the NMEA log (- for standard output).", valueName: "file"))
        var nmea: String

        func run() throws {
            let log = NMEAWriter.log(for: try loadScenario(scenario))
            do {
                try OutputFile.write(log, to: nmea)
            } catch {
                printError(error.description)
                throw ExitCode(73)
            }
        }
    }
}
