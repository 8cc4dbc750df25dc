#if canImport(Glibc)
    import Glibc
#endif

/// Reads a file a person named (a scenario, a track, answers, an announcement, a photo, the
/// consent or policy file) without ever blocking and without filling memory.
///
/// Only a regular file is read. A FIFO would block on `open` until a writer appears (forever,
/// and no timeout runs meanwhile), a device such as `/dev/zero` never ends, and a directory
/// is not a file: each is refused with a ``FileProblem``. The file is opened with `O_NONBLOCK`
/// and checked with `fstat` on the open descriptor, so nothing can swap a FIFO in between.
///
/// ```swift
/// let bytes = try InputFile.read(atPath: "walk.gpx", limit: 4_194_304)
/// ```
public enum InputFile {
    /// The bytes of the regular file at `path` (symbolic links followed), at most `limit`.
    ///
    /// - Throws: ``FileProblem``: `noSuchFile`, `permissionDenied`, `isDirectory`,
    ///   `notRegular` (a FIFO, socket or device), `symbolicLinkLoop`, `tooLarge`, …
    public static func read(atPath path: String, limit: Int) throws(FileProblem) -> [UInt8] {
        // stat first, so that a device is not even opened (opening some has side effects).
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileProblem(errno: errno) }
        try requireRegular(info)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileProblem(errno: errno) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw FileProblem(errno: errno) }
        try requireRegular(info)
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        return try readAll(descriptor, limit: limit)
    }

    static func requireRegular(_ info: stat) throws(FileProblem) {
        let kind = FileKind(mode: UInt32(info.st_mode))
        guard kind == .regular else { throw kind == .directory ? .isDirectory : .notRegular(kind) }
    }

    /// Reads to the end, refusing more than `limit` bytes (the file may grow while read).
    private static func readAll(_ descriptor: Int32, limit: Int) throws(FileProblem) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = 65_536
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileProblem(errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            guard bytes.count <= limit else { throw .tooLarge(size: bytes.count, limit: limit) }
        }
    }
}
