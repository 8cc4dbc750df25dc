import ArgumentParser
import OutsideInput
import ReportSteps
import Reports

extension PetSpot {
    /// `petspot report missing|found`.
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fill a missing-pet or found-pet report: a wizard on the terminal, or from an answers file.",
            subcommands: [Missing.self, Found.self]
        )
    }
}

/// The shared text of both wizards' help.
private let sharedDiscussion = """
    On a terminal each step is one screen: the step counter, the fields numbered with their \
    label and value (or placeholder), inline errors in red, and a menu line. Type a field's \
    number to edit it (Enter keeps the value, a single - clears it), a letter for an action. \
    Continue checks the whole step and says "Please correct the highlighted fields" when \
    something is wrong; Back keeps everything; Cancel asks first. The location action asks gpsd \
    (--gpsd, with the saved permission: see `petspot permission`) or plays a scenario \
    (--scenario). When location is not allowed the alert offers Cancel or Go to Settings; \
    Go to Settings explains `petspot permission grant`. Screens are drawn on standard error \
    (with colours on a terminal, unless NO_COLOR is set or TERM=dumb); the report JSON goes \
    to standard output or --output.

    --answers FILE answers every field from a JSON object or YAML mapping instead \
    (`useCurrentLocation: true` presses the location action; when it fails, latitude and \
    longitude given in the file are kept and the failure is a warning). Invalid answers are \
    listed on standard error, one line each: "field: message".

    An unfinished report is saved as a draft after every change (under \
    $XDG_STATE_HOME/petspot, default ~/.local/state/petspot) and offered the next time; \
    --fresh starts an empty report. Cancel and a written report remove the draft; Ctrl-D, \
    Ctrl-C and a closed terminal keep it (drafts are offered for 24 hours).

    Exit status: 0 report written, 1 invalid answers, 2 cancelled (or input ended), 64 usage \
    error (also: no terminal and no --answers), 65 unreadable answers or scenario file, \
    129/130/143 interrupted by SIGHUP/SIGINT/SIGTERM (the draft is kept).
    """

extension PetSpot.Report {
    /// `petspot report missing`.
    struct Missing: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Report a missing pet: Microchip number (1/4), Animal photo (2/4), Animal description (3/4), Contact details (4/4).",
            discussion: """
                Submit report prints the flow's state as JSON: \(jsonMembers(ReportJSON.missing(.init()))), \
                null when empty ("photo": {"filename", "type", "mimeType", "byteCount"}). The \
                microchip number is optional (digits, at most 15, shown 00000-00000-00000); \
                contact details need a phone number (7–11 digits, an optional leading +) or an \
                email (local@domain.tld), or both. Photo: JPG, PNG, HEIC, GIF or WEBP, \
                recognised from the content.

                Answers file fields (the JSON's names): \(AnsweredReport.missingFields.joined(separator: ", ")).

                --save (or --store URL) also keeps the report in the reports store, as an \
                ACTIVE missing report (radius 10 km when it has a place; `petspot reports`).
                """ + "\n\n" + sharedDiscussion
        )

        @OptionGroup var options: ReportOptions

        @MainActor
        func run() async throws {
            try options.requireAnswerSource(command: "report missing")
            if let path = options.answers {
                let answers = try loadAnswers(path)
                let location = try options.locationSource()
                let flow = MissingPetReportFlow(locationRequester: location.requester)
                let problems = await AnsweredReport.missing(answers, flow: flow)
                try reportProblems(problems, path: path)
                try write(ReportJSON.missing(flow.state), to: options.destination)
                try await options.storeIfAsked(ReportRecords.missing(flow.state))
                return
            }
            let location = try options.locationSource()
            let flow = MissingPetReportFlow(locationRequester: location.requester)
            try await onTerminal(flow, location: location, fresh: options.fresh) {
                wizard, terminal, drafts in
                let state = try await wizard.run()
                terminal.line()
                try write(ReportJSON.missing(state), to: options.destination)
                drafts.discard()
                finished(terminal, destination: options.destination, what: "Missing report")
                try await options.storeIfAsked(ReportRecords.missing(state))
            }
        }
    }

    /// `petspot report found`.
    struct Found: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report a found pet: Upload photo (1/3), Pet details (2/3), Contact information (3/3).",
            discussion: """
                Submit report writes the request body the app sends: "status": "FOUND" and \
                the Pet details and contact fields below by the same names, the optional ones \
                left out when empty (the caregiver phone and the current address too, which \
                spec 004 kept out only for want of a backend that stores them). Photo: PNG \
                or JPG up to 10 MB (uploaded alongside, not in the JSON): with --output \
                FILE it is written beside that file, as FILE's name with -photo and the \
                photo's extension (report.json → report-photo.png); with the payload on \
                standard output it is not written, and the wizard says so. The found \
                location is required.

                Answers file fields: \(AnsweredReport.foundFields.joined(separator: ", ")).

                --save (or --store URL) also keeps the report in the reports store (status \
                FOUND; `petspot reports`); a store that fails is a failed send: Submit retries.
                """ + "\n\n" + sharedDiscussion
        )

        @OptionGroup var options: ReportOptions

        @MainActor
        func run() async throws {
            try options.requireAnswerSource(command: "report found")
            let writer = PayloadWriter(destination: options.destination, options: options)
            if let path = options.answers {
                let answers = try loadAnswers(path)
                let location = try options.locationSource()
                let flow = FoundPetReportFlow(locationRequester: location.requester, submitter: writer)
                let problems = await AnsweredReport.found(answers, flow: flow, writer: writer)
                try reportProblems(problems, path: path)
                if let photo = flow.state.photo {
                    Terminal.interface.line(photoLine(photo, writer: writer).terminalSafe)
                }
                return
            }
            let location = try options.locationSource()
            let flow = FoundPetReportFlow(locationRequester: location.requester, submitter: writer)
            try await onTerminal(flow, location: location, fresh: options.fresh) {
                wizard, terminal, drafts in
                try await wizard.run()
                drafts.discard()
                if let photo = flow.state.photo { terminal.line(photoLine(photo, writer: writer)) }
                finished(terminal, destination: options.destination, what: "Found report")
            }
        }
    }
}

/// The members of a JSON object, quoted, in order: `{"flow", "steps", …}`.
private func jsonMembers(_ json: JSONValue) -> String {
    guard case .object(let members) = json else { return "" }
    return "{" + members.map { "\"\($0.0)\"" }.joined(separator: ", ") + "}"
}

/// Where the Found report's photo went: beside the payload file, or nowhere (said plainly).
private func photoLine(_ photo: PhotoAttachment, writer: PayloadWriter) -> String {
    let described = "\(photo.filename.terminalSafe) (\(photo.type), \(photo.sizeText))"
    if let path = writer.photoPath {
        return "Photo \(described) written to \(path.terminalSafe), beside the payload."
    }
    return "Photo \(described) was not written: the payload went to \(writer.destination), which has no "
        + "folder beside it. Give --output FILE to have the photo written next to the payload."
}

/// Reads the answers file, or stops with exit status 65.
private func loadAnswers(_ path: String) throws -> ReportAnswers {
    do throws(AnswersFileError) {
        return try ReportAnswers.load(path)
    } catch {
        printError(error.description)
        throw ExitCode(65)
    }
}

/// Lists every problem (one `field: message` line each) and exits 1, if there are any.
private func reportProblems(_ problems: [AnsweredReport.Problem], path: String) throws {
    guard !problems.isEmpty else { return }
    let count = problems.count == 1 ? "1 invalid field" : "\(problems.count) invalid fields"
    var text = "petspot: \(path): \(count); nothing was written.\n"
    for problem in problems { text += "\(problem.field): \(problem.message)\n" }
    Terminal.interface.write(TerminalSafeText.terminalSafe(text, allowingNewlines: true))
    throw ExitCode(1)
}

/// Writes the report, or stops with exit status 1 saying why.
private func write(_ json: JSONValue, to destination: ReportDestination) throws {
    do {
        try destination.write(json)
    } catch {
        printError(String(describing: error))
        throw ExitCode(1)
    }
}

private func finished(_ terminal: Terminal, destination: ReportDestination, what: String) {
    terminal.line()
    let written = "\(destination)".terminalSafe
    terminal.line(terminal.paint("✓ \(what) complete; the JSON was written to \(written).", .green))
}

/// Runs `body` with a wizard over `flow` on the terminal: the flow's saved draft offered first
/// (unless `fresh`) and kept before every screen and on an interrupt. When `body` ends in
/// an exit or a failure, the flow is cancelled and ``ended(_:terminal:drafts:)`` says what
/// became of the draft.
@MainActor
private func onTerminal<Machine: WizardFlow>(
    _ flow: ReportFlow<Machine>, location: WizardLocationSource, fresh: Bool,
    _ body: (ReportWizard<Machine>, Terminal, DraftKeeper) async throws -> Void
) async throws {
    let terminal = Terminal.interface
    let console = WizardConsole(terminal: terminal)
    let drafts = DraftKeeper(store: DraftStore(flow: flow.draft.flow))
    let interrupts = WizardInterrupts(store: drafts.store)
    defer { interrupts.remove() }
    let wizard = ReportWizard(flow: flow, console: console, location: location, drafts: drafts)
    do {
        if !fresh { try drafts.offer(to: flow, console: console, title: \.screenTitle) }
        try await body(wizard, terminal, drafts)
    } catch {
        flow.cancel()
        try ended(error, terminal: terminal, drafts: drafts)
    }
}

/// Ends a wizard that did not finish: says so and exits with status 2. Cancel removes the
/// draft (spec 004 FR-004); input ending keeps it, and says how to resume.
@MainActor
private func ended(_ error: any Error, terminal: Terminal, drafts: DraftKeeper) throws {
    switch error {
    case WizardExit.cancelled:
        drafts.discard()
        terminal.line(terminal.paint("Report cancelled; nothing was written.", .yellow))
    case WizardExit.inputEnded:
        terminal.line(terminal.paint("Input ended before the report was complete; nothing was written.", .yellow))
        if drafts.store.load() != nil {
            terminal.line(
                terminal.paint(
                    "What you entered is kept as a draft: run the same command to resume it (--fresh starts over).",
                    .dim))
        }
    default:
        throw error
    }
    throw ExitCode(2)
}
