import OutsideInput

/// A file the CLI could not write: the payload, a photo beside it, a draft.
enum FileWriteError: CommandFailure {
    /// `path` cannot be written; `problem` says why.
    case cannotWrite(path: String, problem: OutputTarget.Problem)
    /// The draft cannot be saved in `directory`.
    case draftNotSaved(directory: String, problem: OutputTarget.Problem)

    var message: String {
        switch self {
        case .cannotWrite(let path, let problem): "Cannot write \(path.terminalSafe): \(problem.description)."
        case .draftNotSaved(let directory, let problem):
            "Cannot save the draft in \(directory.terminalSafe): \(problem.description)."
        }
    }
}
