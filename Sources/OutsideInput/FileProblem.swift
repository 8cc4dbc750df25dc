#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be read or written, in words a person can act on (`no such file`,
/// `permission denied`, `it is a directory`), never an error domain and number.
///
/// ```swift
/// FileProblem(errno: ELOOP).description    // "too many levels of symbolic links (a symlink loop?)"
/// ```
public enum FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// `ENOENT`.
    case noSuchFile
    /// `EACCES`, `EPERM`.
    case permissionDenied
    /// `EISDIR`, or a directory where a file was expected.
    case isDirectory
    /// `ENOTDIR`: a part of the path is a file, not a directory.
    case notADirectory
    /// `ELOOP`.
    case symbolicLinkLoop
    /// A FIFO, socket or device where a regular file was expected.
    case notRegular(FileKind)
    /// Larger than the reader's limit.
    case tooLarge(size: Int, limit: Int)
    /// `ENAMETOOLONG`.
    case nameTooLong
    /// `EROFS`.
    case readOnlyFileSystem
    /// `ENOSPC`, `EDQUOT`.
    case noSpace
    /// Any other error number, with the system's text for it.
    case other(code: Int32)
    /// An error that carries no error number (a Foundation error with no underlying cause).
    case unexplained

    /// The problem for a C error number.
    public init(errno code: Int32) {
        switch code {
        case ENOENT: self = .noSuchFile
        case EACCES, EPERM: self = .permissionDenied
        case EISDIR: self = .isDirectory
        case ENOTDIR: self = .notADirectory
        case ELOOP: self = .symbolicLinkLoop
        case ENAMETOOLONG: self = .nameTooLong
        case EROFS: self = .readOnlyFileSystem
        case ENOSPC, EDQUOT: self = .noSpace
        case ENXIO: self = .notRegular(.socket)
        default: self = .other(code: code)
        }
    }

    /// The reason, to follow `Cannot read FILE: `.
    public var description: String {
        switch self {
        case .noSuchFile: "no such file"
        case .permissionDenied: "permission denied"
        case .isDirectory: "it is a directory"
        case .notADirectory: "a part of the path is not a directory"
        case .symbolicLinkLoop: "too many levels of symbolic links (a symlink loop?)"
        case .notRegular(.directory): "it is a directory"
        case .notRegular(let kind): "it is \(kind), not a regular file"
        case .tooLarge(let size, let limit): "the file is \(size) bytes; the limit is \(limit)"
        case .nameTooLong: "the file name is too long"
        case .readOnlyFileSystem: "the file system is read-only"
        case .noSpace: "no space left on the device"
        case .other(let code): String(cString: strerror(code)).lowercased() + " (error \(code))"
        case .unexplained: "the system gave no reason"
        }
    }
}
