import ArgumentParser
import Foundation
import Location
import Locking
import ReportLocation
import ReportSteps
import ReportStore
import Reports
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

    @Flag(
        help: ArgumentHelp(
            "Also keep the report in the reports store (--store URL, else PETSPOT_STORE, else the default file)."))
    var save = false

    @OptionGroup var storeOptions: StoreOptions

    @Option(
        help: ArgumentHelp("How long one location request waits for a fix.", valueName: "seconds"),
        transform: PlainNumber.option)
    var locationTimeout: Double = 30

    @Flag(
        help: ArgumentHelp(
            "Start an empty report without offering the saved unfinished one (this report's first change "
                + "replaces it)."))
    var fresh = false

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
    /// transcript kept for the wizard to show) or gpsd with the saved consent.
    func locationSource() throws -> WizardLocationSource {
        if let reference = scenario.reference {
            let loaded = try loadScenario(reference)
            let transcript = ScenarioTranscriptBuffer()
            let requester = ScenarioLocationRequester(scenario: loaded, onEntry: transcript.append)
            return WizardLocationSource(
                requester: requester, service: nil, name: "scenario \(reference)", transcript: transcript)
        }
        let service = makeLocationService(endpoint: try gpsd.endpoint())
        let requester = ReportLocationRequester(
            service: service, timeout: .milliseconds(Int64((locationTimeout * 1000).rounded())))
        return WizardLocationSource(requester: requester, service: service, name: "gpsd at \(gpsd.address)")
    }

    /// Whether the report is also stored: `--save` or `--store URL`.
    var storesReport: Bool { save || storeOptions.store != nil }

    /// Stores `report` when asked (``storesReport``) and says where on standard error.
    ///
    /// - Returns: the stored report's id, or `nil` when not asked.
    /// - Throws: ``StoreFailure`` when the store cannot take it (the JSON was written already).
    @discardableResult
    func storeIfAsked(_ report: PetReport) async throws -> String? {
        guard storesReport else { return nil }
        let url = try storeOptions.url()
        // Made at the terminal: the operator's alone (no owner token; `reports token --rotate` gives one).
        _ = try await withKeeper(storeOptions) { keeper throws(ReportKeeperError) in
            try await keeper.create(report, owner: nil)
        }
        Terminal.interface.line("Stored as report \(report.id) in \(url) (petspot show \(report.id)).")
        return report.id
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
    /// The transcript of the last request, when a scenario answers.
    var transcript: ScenarioTranscriptBuffer? = nil

    /// Asks the permission question first when it was never answered, so that the
    /// question is on screen before the live status line starts.
    ///
    /// - Throws: ``WizardExit/inputEnded`` when the person ended input (Ctrl-D) instead of
    ///   answering: the wizard ends as at any other prompt, nothing stored, no alert.
    func askPermissionIfUndetermined() async throws(WizardExit) {
        guard let service, service.authorizationStatus == .notDetermined else { return }
        _ = await service.requestWhenInUseAuthorization()
        if TerminalPrompt.inputEnded { throw .inputEnded }
    }
}

/// Where the finished report's JSON is written.
enum ReportDestination: Sendable, CustomStringConvertible {
    case standardOutput
    case file(String)

    /// Writes `json` and a newline (``OutputFile``: `-` is standard output, a FIFO or device
    /// is written in place, a file is replaced atomically).
    ///
    /// - Throws: ``FileWriteError`` saying why the file could not be written.
    func write(_ json: JSONValue) throws(FileWriteError) {
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

/// The transcript entries of the scenario-answered requests since the wizard last took them.
final class ScenarioTranscriptBuffer: Sendable {
    private let entries = Locked<[TranscriptEntry]>([])

    @Sendable func append(_ entry: TranscriptEntry) {
        entries.withLock { $0.append(entry) }
    }

    /// The entries collected, emptying the buffer.
    func take() -> [TranscriptEntry] {
        entries.withLock { entries in
            defer { entries = [] }
            return entries
        }
    }
}
