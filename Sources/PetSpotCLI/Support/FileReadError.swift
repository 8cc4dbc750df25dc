import OutsideInput

/// A file (or standard input) that ``BoundedRead`` could not read.
enum FileReadError: CommandFailure {
    /// `path` is larger than `limit` bytes, too large for `what`.
    case tooLarge(path: String, limit: Int, what: String)
    /// `path` cannot be read as `what`: the file's problem in words.
    case unreadable(path: String, what: String, problem: FileProblem)
    /// Standard input cannot be read as `what`.
    case standardInputUnreadable(what: String, problem: FileProblem)
    /// Standard input is larger than `limit` bytes, too large for `what`.
    case standardInputTooLarge(limit: Int, what: String)

    var message: String {
        switch self {
        case .tooLarge(let path, let limit, let what):
            "\(path.terminalSafe) is larger than \(limit / 1_048_576) MB, too large for \(what)."
        case .unreadable(let path, let what, let problem): "Cannot read \(what) \(path.terminalSafe): \(problem)."
        case .standardInputUnreadable(let what, let problem): "Cannot read \(what) from standard input: \(problem)."
        case .standardInputTooLarge(let limit, let what):
            "standard input is larger than \(limit / 1_048_576) MB, too large for \(what)."
        }
    }
}
