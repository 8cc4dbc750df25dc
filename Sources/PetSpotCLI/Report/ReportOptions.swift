import ArgumentParser
import Foundation
import Location
import ReportSteps
import Scenarios

/// The options `report missing` and `report found` share: where Request GPS position /
/// Use current location gets its position, the answers file, and where the result goes.
struct ReportOptions: ParsableArguments {
    @OptionGroup var gpsd: GPSDOptions

    @OptionGroup var scenario: ScenarioSourceOption

    @Option(
        help: ArgumentHelp(
            "Answer the wizard from this JSON or YAML file instead of the terminal.", valueName: "file"))
    var answers: String?

    @Option(
        help: ArgumentHelp(
            "Write the report JSON to this file instead of standard output (- for standard output).",
            valueName: "file"))
    var output: String?

    @Option(
        help: ArgumentHelp("How long one location request waits for a fix.", valueName: "seconds"),
        transform: PlainNumber.option)
    var locationTimeout: Double = 30

    func validate() throws {
        guard locationTimeout.isFinite, locationTimeout > 0, locationTimeout <= 3600 else {
            throw ValidationError("--location-timeout must be a number of seconds above 0 (at most 3600).")
        }
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
    }

    /// Stops with exit status 64 when nobody can answer: no answers file and standard
    /// input is not a terminal (a wizard must never wait on a pipe that will not answer).
    func requireAnswerSource(command: String) throws {
        guard answers == nil, isatty(STDIN_FILENO) != 1 else { return }
        printError(
            "\(command) is interactive and standard input is not a terminal. "
                + "Run it in a terminal, or give the answers with --answers FILE (see `petspot help \(command)`).")
        throw ExitCode(64)
    }

    /// What answers the location button: the scenario (played on a virtual clock, its
    /// transcript shown on `screen` when given) or gpsd with the saved consent.
    func locationSource(screen: Terminal?) throws -> WizardLocationSource {
        if let reference = scenario.reference {
            let loaded = try loadScenario(reference)
            let requester = ScenarioLocationRequester(
                scenario: loaded,
                onEntry: { entry in
                    guard let screen else { return }
                    WizardScreen(terminal: screen).scenarioLine(entry)
                })
            return WizardLocationSource(requester: requester, service: nil, name: "scenario \(reference)")
        }
        let service = makeLocationService(endpoint: try gpsd.endpoint())
        let requester = ReportLocationRequester(
            service: service, timeout: .milliseconds(Int64((locationTimeout * 1000).rounded())))
        return WizardLocationSource(requester: requester, service: service, name: "gpsd at \(gpsd.address)")
    }

    /// Where the report goes.
    var destination: ReportDestination {
        output.map(ReportDestination.file) ?? .standardOutput
    }
}

/// What answers the location button, and how the wizard names it.
struct WizardLocationSource: Sendable {
    /// Runs one request (permission, then one position).
    let requester: any CurrentLocationRequesting
    /// The gpsd-backed service, when that is the source (nil for a scenario).
    let service: LocationService?
    /// `gpsd at localhost:2947`, `scenario default`.
    let name: String

    /// Asks the permission question first when it was never answered, so that the
    /// question is on screen before the live status line starts.
    func askPermissionIfUndetermined() async {
        guard let service, service.authorizationStatus == .notDetermined else { return }
        _ = await service.requestWhenInUseAuthorization()
    }
}

/// Where the finished report's JSON is written.
enum ReportDestination: Sendable, CustomStringConvertible {
    case standardOutput
    case file(String)

    /// Writes `json` and a newline (``OutputFile``: `-` is standard output, a FIFO or device
    /// is written in place, a file is replaced atomically).
    ///
    /// - Throws: ``InputError`` saying why the file could not be written.
    func write(_ json: JSONValue) throws(InputError) {
        switch self {
        case .standardOutput: try OutputFile.write(json.text + "\n", to: "-")
        case .file(let path): try OutputFile.write(json.text + "\n", to: path)
        }
    }

    var description: String {
        switch self {
        case .standardOutput: "standard output"
        case .file(let path): path
        }
    }
}
