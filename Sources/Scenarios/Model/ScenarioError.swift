import OutsideInput

/// A problem in a scenario or track file, located at a file, line and column.
///
/// Its ``description`` is what a person sees, in the `file:line:column: message` form that
/// editors and terminals link to:
///
/// ```
/// Scenarios/walk.yaml:12:7: unknown key 'acuracy' in a fix; expected one of: coordinate, …
/// ```
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the person named it (a path, or a bundled scenario's file name).
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// What is wrong and what was expected.
    public var message: String

    /// An error in `file` at `line`:`column`.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error in `file` at `position`.
    init(file: String, at position: ScenarioSourcePosition?, message: String) {
        self.init(file: file, line: position?.line, column: position?.column, message: message)
    }

    /// `file:line:column: message` (line and column left out when unknown), terminal-safe:
    /// the file name and any text the message quotes come from outside, so control and
    /// bidi characters are shown as escapes (`String.terminalSafe`). A file name longer than
    /// ``InputQuote/maximumCharacters`` keeps its start and its end (``InputQuote/path(_:)``),
    /// so the name and extension stay. Messages quote at most
    /// ``InputQuote/maximumCharacters`` of input; as a last guard, a message longer than
    /// ``maximumMessageCharacters`` is cut.
    public var description: String {
        var location = InputQuote.path(file)
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        // Made safe before it is cut: an escape (`\u{0}` for a NUL) is longer than the
        // character it shows, so a message cut first could still grow past the limit.
        let safe = message.terminalSafe
        let text =
            safe.count > Self.maximumMessageCharacters
            ? String(safe.prefix(Self.maximumMessageCharacters)) + "…" : safe
        return "\(location): \(text)"
    }

    /// The longest message ``description`` shows whole.
    public static let maximumMessageCharacters = 600
}

/// A line and column in a scenario file.
public struct ScenarioSourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// `"12:7"`.
    public var description: String { "\(line):\(column)" }
}
