import Foundation
import ReportSteps
import Scenarios

/// How an interactive wizard ended without a report.
enum WizardExit: Error {
    /// The person chose Cancel and confirmed it.
    case cancelled
    /// Standard input ended (Ctrl-D) before the report was complete.
    case inputEnded
}

/// The wizard's input side: reads answers line by line from the terminal and turns them
/// into edits; everything it draws goes through a ``WizardScreen``.
@MainActor
final class WizardConsole {
    let terminal: Terminal
    let screen: WizardScreen
    /// Messages to show under the next screen (a refused value, the toast, Go to Settings).
    private(set) var notices: [(text: String, style: TerminalStyle)] = []
    /// The last scenario-played request's transcript, shown when it ran and again under the
    /// next screen (which clears the terminal).
    private var transcript: [TranscriptEntry] = []

    init(terminal: Terminal) {
        self.terminal = terminal
        screen = WizardScreen(terminal: terminal)
    }

    /// Queues a message for the next screen.
    func notice(_ text: String, style: TerminalStyle = .yellow) {
        notices.append((text, style))
    }

    /// Prints and forgets the queued messages (after the last request's transcript, if any).
    func flushNotices() {
        if !transcript.isEmpty || !notices.isEmpty { terminal.line() }
        for entry in transcript { screen.scenarioLine(entry) }
        for notice in notices { screen.notice(notice.text, style: notice.style) }
        notices = []
        transcript = []
    }

    /// Prints a scenario-played request's transcript now, and keeps it for the next screen.
    func showTranscript(_ entries: [TranscriptEntry]) {
        for entry in entries { screen.scenarioLine(entry) }
        transcript = entries
    }

    /// Values longer than this (or on several lines) are not repeated in a prompt: the prompt
    /// says Enter keeps what the screen shows above it.
    static let longestValueInPrompt = 30

    /// Shows `prompt` (made terminal-safe: it may echo a typed value) and reads one line.
    ///
    /// - Throws: ``WizardExit/inputEnded`` at the end of input.
    func read(_ prompt: String) throws(WizardExit) -> String {
        terminal.write(terminal.paint(screen.safe(prompt), .bold) + " ")
        guard let line = readLine(strippingNewline: true) else {
            terminal.line()
            throw .inputEnded
        }
        return line
    }

    /// Asks for a new value of a text field: Enter keeps `current`, a single `-` clears it. A
    /// long value (a 500-character description) stays on the screen above, out of the prompt
    /// line: `… [Enter keeps the 500 characters shown above]:`.
    ///
    /// - Returns: the new text, or `nil` to keep the current one.
    func edit(_ label: String, current: String, hint: String? = nil) throws(WizardExit) -> String? {
        var prompt = label
        if let hint { prompt += " (\(hint))" }
        if current.isEmpty {
            prompt += ":"
        } else if current.count > Self.longestValueInPrompt || current.contains(where: \.isNewline) {
            prompt += " [Enter keeps the \(current.count) characters shown above]:"
        } else {
            prompt += " [\(current)]:"
        }
        let answer = try read(prompt).trimmingCharacters(in: .whitespaces)
        if answer.isEmpty { return nil }
        return answer == "-" ? "" : answer
    }

    /// Shows numbered choices and reads one: by number, by name, or by the start of a name
    /// that only one choice has (`f`/`m` for Female/Male, as answers files take them; `d` for
    /// Dog), case-insensitive.
    ///
    /// - Returns: the chosen index; `nil` when Enter kept the current choice or the answer
    ///   was not one of them (a notice says so).
    func choose(_ label: String, _ choices: [ChoiceModel]) throws(WizardExit) -> Int? {
        let list = choices.enumerated().map { index, choice in
            let text = "\(index + 1)) \(screen.safe(choice.title))"
            return choice.isSelected ? terminal.paint(text + " ✓", .green) : text
        }
        terminal.line("   " + list.joined(separator: "  "))
        let answer = try read("\(label) [1-\(choices.count)]:").trimmingCharacters(in: .whitespaces)
        if answer.isEmpty { return nil }
        if let number = Int(answer), (1...choices.count).contains(number) { return number - 1 }
        if let index = Self.match(answer, in: choices.map(\.title)) { return index }
        notice("\(label): \"\(answer)\" is not one of the choices; nothing changed.")
        return nil
    }

    /// The index of the title that is `answer` (any case), or the only one that starts with it.
    static func match(_ answer: String, in titles: [String]) -> Int? {
        let typed = answer.lowercased()
        if let exact = titles.firstIndex(where: { $0.lowercased() == typed }) { return exact }
        let starting = titles.indices.filter { titles[$0].lowercased().hasPrefix(typed) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Shows the permission alert and reads the button.
    func alertChoice(_ alert: LocationPermissionAlert) throws(WizardExit) -> LocationPermissionAlert.Choice {
        screen.alert(alert)
        while true {
            switch try read("Choose [1-2]:").trimmingCharacters(in: .whitespaces).lowercased() {
            case "1", "cancel", "c": return .cancel
            case "2", "go to settings", "settings", "s": return .goToSettings
            default: terminal.line(screen.safe("Type 1 for \(alert.cancelTitle) or 2 for \(alert.settingsTitle)."))
            }
        }
    }

    /// What Go to Settings means on a computer with no Settings app.
    func explainSettings(source: String) {
        notice(
            "There is no Settings app here. Location permission for PetSpot is changed with "
                + "`petspot permission grant` (allow) or `petspot permission reset` (ask again); "
                + "then choose the location action again.",
            style: .blue)
        if source.hasPrefix("scenario") {
            notice(
                "This run plays the \(source), whose permission answer is scripted in the scenario file.", style: .blue)
        }
    }

    /// Cancel: asks for confirmation.
    ///
    /// - Throws: ``WizardExit/cancelled`` when confirmed.
    func confirmCancel() throws(WizardExit) {
        let answer = try read("Cancel this report? Everything you entered is discarded. [y/N]:")
        if ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) { throw .cancelled }
        notice("Not cancelled; everything is kept.", style: .dim)
    }

    /// Runs a location request with a live status line (`⠋ Getting your position… 3 s`)
    /// on a terminal, unless the scenario's transcript is printed instead.
    func withStatusLine(_ text: String, enabled: Bool, _ body: () async -> Void) async {
        guard enabled, terminal.outputIsTerminal else {
            terminal.line(terminal.paint(text, .dim))
            await body()
            return
        }
        let terminal = self.terminal
        let ticker = Task { @MainActor in
            var seconds = 0
            while !Task.isCancelled {
                terminal.status("\(text) \(seconds) s")
                try? await Task.sleep(for: .seconds(1))
                seconds += 1
            }
        }
        await body()
        ticker.cancel()
        terminal.clearStatus()
    }
}
