import OutsideInput

#if canImport(Glibc)
    import Glibc
#endif

/// What an output path turns out to be, and the system calls that write each kind; used by
/// ``OutputFile``.
enum OutputTarget {
    /// An open descriptor: `-`, `/dev/stdout`, `/dev/fd/N`.
    case descriptor(Int32)
    /// A FIFO, device or socket, written where it is.
    case inPlace(String)
    /// A regular file (`existing` is its `stat`) or a new path, replaced atomically.
    case replace(String, existing: stat?)

    /// Why an output path cannot be written.
    struct Problem: Error, CustomStringConvertible {
        var description: String

        init(_ description: String) { self.description = description }
        init(_ problem: FileProblem) { description = problem.description }
    }

    /// The most symbolic links followed before giving up (Linux's own limit).
    static let linkLimit = 40

    /// Follows symbolic links from `path` to what is written.
    static func resolve(_ path: String) throws(Problem) -> OutputTarget {
        if path == "-" { return .descriptor(STDOUT_FILENO) }
        var current = path
        for _ in 0...linkLimit {
            if let descriptor = descriptorNumber(current) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw Problem(FileProblem(errno: errno)) }
                try requireFolder(of: current)
                return .replace(current, existing: nil)
            }
            switch FileKind(mode: UInt32(info.st_mode)) {
            case .symbolicLink:
                current = try linkTarget(current)
            case .regular:
                return .replace(current, existing: info)
            case .directory:
                throw Problem("it is a directory")
            default:
                return .inPlace(current)
            }
        }
        throw Problem(.symbolicLinkLoop)
    }

    /// `N` for `/dev/fd/N`, `/proc/self/fd/N` and `/dev/stdout` (links the kernel resolves
    /// to an open file, not to a path that could be replaced).
    private static func descriptorNumber(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return STDIN_FILENO
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    private static func linkTarget(_ link: String) throws(Problem) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, Int(PATH_MAX))
        guard count >= 0 else { throw Problem(FileProblem(errno: errno)) }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : folder(of: link) + "/" + target
    }

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    private static func requireFolder(of path: String) throws(Problem) {
        let folder = folder(of: path)
        switch FileKind.of(folder) {
        case .success(.directory): return
        case .success: throw Problem("\(folder.terminalSafe) is not a folder")
        case .failure(.noSuchFile): throw Problem("the folder \(folder.terminalSafe) does not exist")
        case .failure(let problem): throw Problem("the folder \(folder.terminalSafe): \(problem)")
        }
    }

    /// Refuses a folder where no file can be created.
    static func requireWritableFolder(of path: String) throws(Problem) {
        try requireFolder(of: path)
        let folder = folder(of: path)
        guard access(folder, W_OK) == 0 else {
            throw Problem("cannot create a file in the folder \(folder.terminalSafe) (\(FileProblem(errno: errno)))")
        }
    }

    /// Writes every byte to `descriptor`, retrying short writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Problem) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Problem(FileProblem(errno: errno))
            }
            offset += written
        }
    }

    /// Opens a FIFO, device or socket and writes to it (a FIFO waits for its reader).
    static func writeInPlace(_ bytes: [UInt8], to target: String) throws(Problem) {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Problem(FileProblem(errno: errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let problem = FileProblem(errno: errno)
            close(descriptor)
            throw Problem(problem)
        }
        if FileKind(mode: UInt32(info.st_mode)) == .regular {
            // Replaced by a regular file since it was looked at: never write one in place.
            close(descriptor)
            return try replace(target, with: bytes, existing: info)
        }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    /// Writes a temporary file beside `target` and renames it over `target`; the temporary
    /// file is removed on any failure, so `target` is either as it was or complete. A new
    /// file gets `newFileMode` (less the umask); a replaced one keeps its mode.
    static func replace(_ target: String, with bytes: [UInt8], existing: stat?, newFileMode: mode_t = 0o666)
        throws(Problem)
    {
        try requireWritableFolder(of: target)
        let mode = existing.map { mode_t($0.st_mode) & 0o7777 } ?? newFileMode
        let (descriptor, temporary) = try createTemporary(beside: target, mode: mode)
        var failure: FileProblem?
        if let existing {
            fchmod(descriptor, mode)  // the umask may have dropped bits
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // works only as root: fine
        }
        do throws(Problem) {
            try writeAll(bytes, to: descriptor)
            if fsync(descriptor) != 0 { failure = FileProblem(errno: errno) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if close(descriptor) != 0, failure == nil { failure = FileProblem(errno: errno) }
        if let failure {
            unlink(temporary)
            throw Problem(failure)
        }
        guard rename(temporary, target) == 0 else {
            let problem = FileProblem(errno: errno)
            unlink(temporary)
            throw Problem(problem)
        }
    }

    private static func createTemporary(beside target: String, mode: mode_t) throws(Problem) -> (Int32, String) {
        let folder = folder(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? "output"
        let name = String(decoding: base.utf8.prefix(100), as: UTF8.self)
        for _ in 0..<100 {
            let temporary = "\(folder)/.\(name).petspot-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 { return (descriptor, temporary) }
            guard errno == EEXIST else {
                throw Problem(
                    "cannot create a file in the folder \(folder.terminalSafe) (\(FileProblem(errno: errno)))")
            }
        }
        throw Problem("cannot create a temporary file in the folder \(folder.terminalSafe)")
    }
}
