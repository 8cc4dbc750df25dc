import Foundation
import OutsideInput

/// Reads a file (or standard input for `-`) up to a size limit, so that a wrong path
/// (`/dev/zero`, a disk image) or an endless pipe can never fill memory, and a FIFO can never
/// block: only a regular file is read (``InputFile``).
enum BoundedRead {
    /// The bytes of `path`, at most `limit` of them.
    ///
    /// - Throws: ``FileReadError`` naming the file and the problem in words: no such file, a
    ///   directory, a FIFO or device, permission denied, a symlink loop, or larger than
    ///   `limit` (with `what` saying what the file should be).
    static func data(_ path: String, limit: Int, what: String) throws(FileReadError) -> Data {
        guard path == "-" else { return Data(try bytes(path, limit: limit, what: what)) }
        return try standardInput(limit: limit, what: what)
    }

    /// The bytes of `path` as ``data(_:limit:what:)`` reads them, without copying a file's
    /// bytes into `Data` (a large import reads them once).
    static func bytes(_ path: String, limit: Int, what: String) throws(FileReadError) -> [UInt8] {
        guard path == "-" else {
            do {
                return try InputFile.read(atPath: path, limit: limit)
            } catch .tooLarge {
                throw .tooLarge(path: path, limit: limit, what: what)
            } catch {
                throw .unreadable(path: path, what: what, problem: error)
            }
        }
        return Array(try standardInput(limit: limit, what: what))
    }

    private static func standardInput(limit: Int, what: String) throws(FileReadError) -> Data {
        let data: Data
        do {
            data = try FileHandle.standardInput.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .standardInputUnreadable(what: what, problem: FileProblem(error))
        }
        guard data.count <= limit else {
            throw .standardInputTooLarge(limit: limit, what: what)
        }
        return data
    }
}
