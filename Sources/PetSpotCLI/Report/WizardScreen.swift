import Foundation
import OutsideInput
import ReportSteps
import Scenarios

/// One numbered row of a wizard screen: a label, the value (or the greyed placeholder), the
/// inline error in red and the helper text under it.
struct ScreenField {
    var label: String
    var value: String
    var isPlaceholder: Bool
    var error: String?
    var helper: String?
    var isDisabled = false

    /// A row for a text input model.
    init(_ model: TextFieldModel) {
        label = model.label
        isPlaceholder = model.text.isEmpty
        value = model.text.isEmpty ? model.placeholder : model.text
        error = model.errorMessage
        helper = model.helperText
        isDisabled = model.isDisabled
    }

    /// A row for a selector: the chosen entry, or the placeholder.
    init(label: String, choices: [ChoiceModel], placeholder: String, error: String?) {
        self.label = label
        let selected = choices.first(where: \.isSelected)?.title
        value = selected ?? placeholder
        isPlaceholder = selected == nil
        self.error = error
    }

    /// A row with a plain value.
    init(label: String, value: String, isPlaceholder: Bool = false, error: String? = nil, helper: String? = nil) {
        self.label = label
        self.value = value
        self.isPlaceholder = isPlaceholder
        self.error = error
        self.helper = helper
    }
}

/// Draws the wizard's screens on a ``Terminal``: the title with the step counter, numbered
/// fields, the toast, the menu of actions, the permission alert.
///
/// Every piece of text a screen shows can hold outside input (a typed value echoed in its
/// field, a file name in a notice, a scenario's event in the transcript, a refused answer
/// quoted in an error), so each method passes its text through ``safe(_:)``
/// (`terminalSafe`: control and bidi characters shown as escapes) before painting it; the
/// only escapes that reach the terminal are the styles ``Terminal/paint(_:_:)`` adds.
struct WizardScreen {
    let terminal: Terminal

    /// The width of the label column.
    static let labelWidth = 47

    /// `text` as it may be shown: see the type's documentation.
    func safe(_ text: String) -> String {
        text.terminalSafe
    }

    /// `Animal description                3/4` and a line under it.
    func header(title: String, progress: String, context: String) {
        let (title, progress, context) = (safe(title), safe(progress), safe(context))
        terminal.line()
        let padding = String(repeating: " ", count: max(1, 64 - title.count - progress.count))
        terminal.line(terminal.paint(title, .bold) + padding + terminal.paint(progress, .bold))
        terminal.line(terminal.paint(context, .dim))
        terminal.line(String(repeating: "─", count: 64))
    }

    /// One line of a played scenario's transcript: `  ⟩ +2.000  person    grant → authorizedWhenInUse`.
    func scenarioLine(_ entry: TranscriptEntry) {
        let actor = entry.actor.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        terminal.line(terminal.paint(safe("  ⟩\(entry.timeText)  \(actor) \(entry.event)"), .dim))
    }

    /// A line of text under the header (a heading or body from the spec).
    func text(_ text: String) {
        terminal.line(safe(text))
    }

    /// `  3. Animal race      e.g. Labrador`, then the error or the helper text.
    func field(_ number: Int, _ field: ScreenField) {
        let label = "\(number). \(safe(field.label))"
        let padded = label + String(repeating: " ", count: max(1, Self.labelWidth - label.count))
        var value = safe(field.value)
        if field.isPlaceholder {
            value = terminal.usesColor ? terminal.paint(value, .gray) : "[\(value)]"
        }
        if field.isDisabled { value += terminal.paint(" (disabled)", .dim) }
        terminal.line("  " + padded + value)
        if let error = field.error {
            terminal.line("     " + terminal.paint("✕ " + safe(error), .red))
        } else if let helper = field.helper {
            terminal.line("     " + terminal.paint(safe(helper), .dim))
        }
    }

    /// A line under the fields (the location helper text), green after a capture.
    func helper(_ text: String, success: Bool = false) {
        terminal.line("     " + terminal.paint(safe(text), success ? .green : .dim))
    }

    /// The toast after Continue: `▌ Please correct the highlighted fields`.
    func toast(_ message: String) {
        terminal.line()
        terminal.line(terminal.paint("▌ " + safe(message), .yellow))
    }

    /// A notice after an action (what a prompt refused, what Go to Settings means).
    func notice(_ message: String, style: TerminalStyle = .yellow) {
        terminal.line(terminal.paint(safe(message), style))
    }

    /// `[1-8] edit field  [g] Request GPS position  [c] Continue  [b] Back  [q] Cancel`.
    func menu(_ items: [(key: String, title: String)]) {
        terminal.line()
        terminal.line(
            items.map { terminal.paint("[\(safe($0.key))]", .bold) + " " + safe($0.title) }.joined(separator: "  "))
    }

    /// The permission alert as a box with its two buttons.
    func alert(_ alert: LocationPermissionAlert) {
        terminal.line()
        terminal.line(terminal.paint("┌ " + safe(alert.title), .bold))
        terminal.line("│ " + safe(alert.message))
        terminal.line(
            "└ " + terminal.paint("[1]", .bold) + " " + safe(alert.cancelTitle) + "  " + terminal.paint("[2]", .bold)
                + " " + safe(alert.settingsTitle))
    }
}
