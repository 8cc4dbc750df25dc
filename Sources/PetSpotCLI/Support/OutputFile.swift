import OutsideInput

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command writes its result (`report --output`, `record OUT`, `scenario export
/// --nmea`), written so that no file is ever emptied, left half-written or replaced when it
/// is not a file:
///
/// - `-` is standard output (no file named `-` is created).
/// - A regular file, or a path that does not exist yet, is replaced atomically: the bytes go
///   to a temporary file in the same directory, which is then renamed over it; a replaced
///   file keeps its permissions. A failure leaves the old file as it was.
/// - A symbolic link is followed, and what it points to is written; the link stays a link.
///   `/dev/stdout`, `/dev/fd/N` and `/proc/self/fd/N` write to that descriptor.
/// - Anything else (a FIFO, a character device such as `/dev/null`, a socket) is opened and
///   written in place.
/// - A directory, or a path whose folder does not exist, is refused with a message saying so.
enum OutputFile {
    /// Writes `text` to `path` (see ``OutputFile``).
    ///
    /// - Throws: ``FileWriteError`` naming the path and what is wrong with it.
    static func write(_ text: String, to path: String) throws(FileWriteError) {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path` (see ``OutputFile``).
    ///
    /// - Throws: ``FileWriteError`` naming the path and what is wrong with it.
    static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        do throws(OutputTarget.Problem) {
            switch try OutputTarget.resolve(path) {
            case .descriptor(let descriptor):
                fflush(nil)  // what `print` buffered comes first
                try OutputTarget.writeAll(bytes, to: descriptor)
            case .inPlace(let target):
                try OutputTarget.writeInPlace(bytes, to: target)
            case .replace(let target, let existing):
                try OutputTarget.replace(target, with: bytes, existing: existing)
            }
        } catch {
            throw .cannotWrite(path: path, problem: error)
        }
    }

    /// Checks, before long work whose result would be lost, that `path` can be written: not
    /// a directory, its folder exists and is writable.
    ///
    /// - Throws: ``FileWriteError`` naming the path and what is wrong with it.
    static func check(_ path: String) throws(FileWriteError) {
        do throws(OutputTarget.Problem) {
            if case .replace(let target, _) = try OutputTarget.resolve(path) {
                try OutputTarget.requireWritableFolder(of: target)
            }
        } catch {
            throw .cannotWrite(path: path, problem: error)
        }
    }
}
