#if canImport(Glibc)
    import Glibc
#endif

/// The terminal `petspot` talks to: whether a person is there, whether to use colour, and
/// the small pieces of terminal output the commands share (prompts, a live status line).
///
/// Colours follow the usual rules: only when standard output is a terminal, never with
/// `NO_COLOR` set (https://no-color.org) or `TERM=dumb`. Prompts are shown only when
/// standard input is a terminal; a script piping answers in gets plain lines.
struct Terminal: Sendable {
    /// Standard input is a terminal: a person can answer prompts.
    var inputIsTerminal: Bool
    /// Standard output is a terminal: status lines and cursor movement make sense.
    var outputIsTerminal: Bool
    /// ANSI colours and bold are used.
    var usesColor: Bool
    /// Where ``write(_:)`` and ``ask(_:)`` print: standard output, or standard error for an
    /// interactive screen whose result goes to standard output.
    var writesToStandardError = false
    /// `false` for output meant to be read top to bottom (the demo): screens are appended.
    var allowsRedraw = true

    /// The terminal of this process, seen through standard output.
    static var current: Terminal {
        terminal(output: STDOUT_FILENO)
    }

    /// The terminal of this process, seen through standard error: where the report wizard
    /// draws its screens, so that standard output carries only the report's JSON.
    static var interface: Terminal {
        var terminal = terminal(output: STDERR_FILENO)
        terminal.writesToStandardError = true
        return terminal
    }

    private static func terminal(output descriptor: Int32) -> Terminal {
        let environment = ProcessEnvironment()
        let output = isatty(descriptor) == 1
        return Terminal(
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: output,
            usesColor: output && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
    }

    /// How many columns the terminal has, asked each time (it can be resized): the window
    /// size of the output when it is a terminal, else `$COLUMNS`, else `nil` (a pipe or a
    /// file: no wrapping).
    var columns: Int? {
        let descriptor = writesToStandardError ? STDERR_FILENO : STDOUT_FILENO
        var size = winsize()
        if outputIsTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let text = ProcessEnvironment()["COLUMNS"], let value = Int(text), value > 0 { return value }
        return nil
    }

    /// Whether a screen may be redrawn in place (clear, then draw from the top): on a terminal
    /// that is not `TERM=dumb`.
    var canRedraw: Bool { allowsRedraw && outputIsTerminal && ProcessEnvironment()["TERM"] != "dumb" }

    /// Clears the visible screen and puts the cursor at the top (what was on it stays in the
    /// terminal's scrollback), when ``canRedraw``.
    func clearScreen() {
        guard canRedraw else { return }
        write("\u{1B}[H\u{1B}[2J")
    }

    /// `text` in `style` when colours are on, else unchanged.
    func paint(_ text: String, _ style: TerminalStyle) -> String {
        usesColor ? "\u{1B}[\(style.code)m\(text)\u{1B}[0m" : text
    }

    /// Shows `prompt` (on a terminal) and reads one line; `nil` at end of input.
    func ask(_ prompt: String) -> String? {
        if inputIsTerminal {
            write(paint(prompt, .bold) + " ")
        }
        return readLine(strippingNewline: true)
    }

    /// Writes `text` to standard output now, without a newline.
    func write(_ text: String) {
        if writesToStandardError {
            fflush(nil)
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
                guard written > 0 else { return }
                offset += written
            }
            return
        }
        print(text, terminator: "")
        fflush(nil)  // all output streams; `stdout` itself is a C global Swift 6 will not touch
    }

    /// Writes `text` and a newline.
    func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Replaces the live status line (terminal only): `\r`, clear line, `text`.
    func status(_ text: String) {
        guard outputIsTerminal else { return }
        write("\r\u{1B}[2K" + paint(text, .dim))
    }

    /// Clears the live status line (terminal only).
    func clearStatus() {
        guard outputIsTerminal else { return }
        write("\r\u{1B}[2K")
    }
}

/// The styles `petspot` uses, as SGR codes.
enum TerminalStyle: Sendable {
    case bold, dim, red, green, yellow, blue, gray, inverse

    var code: String {
        switch self {
        case .inverse: "7"
        case .bold: "1"
        case .dim: "2"
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        case .blue: "34"
        case .gray: "90"
        }
    }
}

/// Reads environment variables without Foundation.
struct ProcessEnvironment: Sendable {
    subscript(name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
