import Foundation
import OutsideInput
import ReportSteps
import Scenarios

/// One numbered row of a wizard screen: a label, the value (or the greyed placeholder), the
/// inline error in red and the helper text under it. A row with a plain value is made with the
/// memberwise initializer (`ScreenField(label: "Photo", value: …, error: …)`).
struct ScreenField {
    var label: String
    var value: String
    var isPlaceholder = false
    var error: String?
    var helper: String?
    var isDisabled = false
}

extension ScreenField {
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
}

/// Draws the wizard's screens on a ``Terminal``: the title with the step counter, numbered
/// fields, the toast, the menu of actions, the permission alert.
///
/// On a terminal each screen is drawn from the top of a cleared screen (``header(title:progress:context:)``)
/// and every line is wrapped to the terminal's width at spaces, so nothing breaks mid-word on
/// an 80-column terminal; a long value wraps in its own column under the label. Without a
/// terminal (a pipe), lines are written whole, one item per line, as before.
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
    /// The widest a screen is drawn, even on a wider terminal (the header's rule).
    static let screenWidth = 64

    /// `text` as it may be shown: see the type's documentation.
    func safe(_ text: String) -> String {
        text.terminalSafe
    }

    /// The terminal's width, or `nil` for a pipe.
    private var width: Int? { terminal.columns }

    /// Writes `text` wrapped (first line indented by `first`, the others by `indent`), each
    /// line painted with `style`.
    private func wrapped(_ text: String, first: Int = 0, indent: Int = 0, style: TerminalStyle? = nil) {
        for line in TextWrap.block(text, width: width, firstIndent: first, indent: indent) {
            guard let style else {
                terminal.line(line)
                continue
            }
            let spaces = line.prefix { $0 == " " }
            terminal.line(spaces + terminal.paint(String(line.dropFirst(spaces.count)), style))
        }
    }

    /// A step's top: the header, then the heading where it says more than the title, then the body.
    func intro(_ intro: StepIntro, progress: String, context: String) {
        header(title: intro.screenTitle, progress: progress, context: context)
        if let heading = intro.heading, heading != intro.screenTitle { text(heading) }
        if let body = intro.body { text(body) }
    }

    /// Step `step`'s top, as ``intro(_:progress:context:)`` draws it.
    func intro<Step: ReportFlowStep>(_ step: Step, context: String) {
        intro(step.intro, progress: step.progress, context: context)
    }

    /// Clears the screen (on a terminal), then `Animal description                3/4` and a
    /// line under it.
    func header(title: String, progress: String, context: String) {
        let (title, progress, context) = (safe(title), safe(progress), safe(context))
        terminal.clearScreen()
        terminal.line()
        let rule = min(Self.screenWidth, width ?? Self.screenWidth)
        let padding = String(repeating: " ", count: max(1, rule - title.count - progress.count))
        terminal.line(terminal.paint(title, .bold) + padding + terminal.paint(progress, .bold))
        wrapped(context, style: .dim)
        terminal.line(String(repeating: "─", count: rule))
    }

    /// One line of a played scenario's transcript: `  ⟩ +2.000  person    grant → authorizedWhenInUse`.
    func scenarioLine(_ entry: TranscriptEntry) {
        let actor = entry.actor.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        wrapped(safe("⟩\(entry.timeText)  \(actor) \(entry.event)"), first: 2, indent: 22, style: .dim)
    }

    /// A line of text under the header (a heading or body from the spec).
    func text(_ text: String) {
        wrapped(safe(text))
    }

    /// `  3. Animal race      e.g. Labrador`, then the error or the helper text. A value that
    /// does not fit beside the label wraps in the value column; on a narrow terminal (less
    /// than 20 columns left) it goes under the label instead.
    func field(_ number: Int, _ field: ScreenField) {
        let label = "\(number). \(safe(field.label))"
        let column = 2 + Self.labelWidth
        var value = safe(field.value)
        if field.isPlaceholder && !terminal.usesColor { value = "[\(value)]" }
        let disabled = field.isDisabled ? " (disabled)" : ""
        let paint: (String) -> String = { line in
            field.isPlaceholder && self.terminal.usesColor ? self.terminal.paint(line, .gray) : line
        }
        // Beside the label when it fits in three lines there; else under it, full width.
        let besideLabel = width.map { TextWrap.lines(value + disabled, width: max(1, $0 - column)).count }
        if let width, width - column < 20 || (besideLabel ?? 0) > 3 {
            terminal.line("  " + label)
            for line in TextWrap.block(value + disabled, width: width, firstIndent: 5, indent: 5) {
                terminal.line(paint(line))
            }
        } else {
            let padded = label + String(repeating: " ", count: max(1, Self.labelWidth - label.count))
            let lines = width.map { TextWrap.lines(value + disabled, width: $0 - column) } ?? [value + disabled]
            for (index, line) in lines.enumerated() {
                var shown = paint(line)
                if index == lines.count - 1, field.isDisabled, shown.hasSuffix(disabled) {
                    shown = paint(String(line.dropLast(disabled.count))) + terminal.paint(disabled, .dim)
                }
                let lead = index == 0 ? "  " + padded : String(repeating: " ", count: column)
                terminal.line(lead + shown)
            }
        }
        if let error = field.error {
            wrapped("✕ " + safe(error), first: 5, indent: 7, style: .red)
        } else if let helper = field.helper {
            wrapped(safe(helper), first: 5, indent: 5, style: .dim)
        }
    }

    /// Every field of `form`, numbered from 1 in the step's order: a selector (species, sex)
    /// shows its chosen entry or its placeholder (`Female or Male` for the sex cards), any
    /// other field its text or placeholder. With `numbers`, only the fields so numbered (those
    /// above a helper line, then those under it).
    func fields<Form: FieldForm>(of form: Form, numbers: Range<Int>? = nil) {
        for (index, name) in Form.fields.enumerated() where numbers?.contains(index + 1) ?? true {
            let model = form.model(of: name)
            let choices = form.choices(of: name)
            guard !choices.isEmpty else {
                field(index + 1, ScreenField(model))
                continue
            }
            let placeholder = name.fieldKind == .gender ? "Female or Male" : model.placeholder
            field(
                index + 1,
                ScreenField(label: model.label, choices: choices, placeholder: placeholder, error: model.errorMessage))
        }
    }

    /// A line under the fields (the location helper text), green after a capture.
    func helper(_ text: String, success: Bool = false) {
        wrapped(safe(text), first: 5, indent: 5, style: success ? .green : .dim)
    }

    /// The toast after Continue: `▌ Please correct the highlighted fields`.
    func toast(_ message: String) {
        terminal.line()
        wrapped("▌ " + safe(message), indent: 2, style: .yellow)
    }

    /// A notice after an action (what a prompt refused, what Go to Settings means).
    func notice(_ message: String, style: TerminalStyle = .yellow) {
        wrapped(safe(message), style: style)
    }

    /// `[1-8] edit field  [g] Request GPS position  [c] Continue  [b] Back  [q] Cancel`, broken
    /// between items when it does not fit.
    func menu(_ items: [(key: String, title: String)]) {
        terminal.line()
        var line = ""
        var plainCount = 0
        for item in items {
            let plain = "[\(safe(item.key))] \(safe(item.title))"
            let painted = terminal.paint("[\(safe(item.key))]", .bold) + " " + safe(item.title)
            if let width, plainCount > 0, plainCount + 2 + plain.count > width {
                terminal.line(line)
                line = ""
                plainCount = 0
            }
            line += (plainCount > 0 ? "  " : "") + painted
            plainCount += (plainCount > 0 ? 2 : 0) + plain.count
        }
        terminal.line(line)
    }

    /// The permission alert as a box with its two buttons.
    func alert(_ alert: LocationPermissionAlert) {
        terminal.line()
        terminal.line(terminal.paint("┌ " + safe(alert.title), .bold))
        for line in TextWrap.block(safe(alert.message), width: width.map { $0 - 2 }) {
            terminal.line("│ " + line)
        }
        terminal.line(
            "└ " + terminal.paint("[1]", .bold) + " " + safe(alert.cancelTitle) + "  " + terminal.paint("[2]", .bold)
                + " " + safe(alert.settingsTitle))
    }
}
