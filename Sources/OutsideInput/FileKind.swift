#if canImport(Glibc)
    import Glibc
#endif

/// What a path names, from its `stat` mode: a program that reads a file must refuse
/// anything but a regular file (a FIFO blocks forever, a device never ends), and one that
/// writes a file must write a device or FIFO in place instead of replacing it.
public enum FileKind: Sendable, Hashable, CustomStringConvertible {
    case regular
    case directory
    case symbolicLink
    case fifo
    case socket
    case characterDevice
    case blockDevice
    case unknown

    /// The kind for a `st_mode` value.
    public init(mode: UInt32) {
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFREG): self = .regular
        case UInt32(S_IFDIR): self = .directory
        case UInt32(S_IFLNK): self = .symbolicLink
        case UInt32(S_IFIFO): self = .fifo
        case UInt32(S_IFSOCK): self = .socket
        case UInt32(S_IFCHR): self = .characterDevice
        case UInt32(S_IFBLK): self = .blockDevice
        default: self = .unknown
        }
    }

    /// The kind of what `path` names, following symbolic links (`stat`), or the
    /// ``FileProblem`` that prevents knowing.
    public static func of(_ path: String) -> Result<FileKind, FileProblem> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(FileProblem(errno: errno)) }
        return .success(FileKind(mode: UInt32(info.st_mode)))
    }

    /// In words, with an article: `a FIFO (named pipe)`.
    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "not a regular file"
        }
    }
}
