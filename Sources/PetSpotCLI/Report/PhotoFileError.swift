import OutsideInput
import ReportSteps

/// A photo file the wizard could not read (whether its bytes are an accepted image is the
/// photo step's decision).
enum PhotoFileError: CommandFailure {
    /// No path was given.
    case noPath
    /// Nothing is at `path`.
    case noFile(path: String)
    /// `path` is a folder.
    case folder(path: String)
    /// `path` is larger than `limit` bytes.
    case tooLarge(path: String, limit: Int)
    /// `path` cannot be read: the file's problem in words.
    case unreadable(path: String, problem: FileProblem)

    var message: String {
        switch self {
        case .noPath: "Give the path of a photo file."
        case .noFile(let path): "No file at \(path.terminalSafe). Check the path and try again."
        case .folder(let path): "\(path.terminalSafe) is a folder, not a photo file."
        case .tooLarge(let path, let limit):
            "\(path.terminalSafe) is larger than "
                + "\(PhotoAttachment.sizeText(byteCount: limit, decimals: false)). Choose a smaller photo."
        case .unreadable(let path, let problem): "Cannot read \(path.terminalSafe): \(problem)."
        }
    }
}
