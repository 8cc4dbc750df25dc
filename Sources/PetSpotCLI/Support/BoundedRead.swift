import Foundation

/// Reads a file (or standard input for `-`) up to a size limit, so that a wrong path
/// (`/dev/zero`, a disk image) or an endless pipe can never fill memory.
enum BoundedRead {
    /// The bytes of `path`, at most `limit` of them.
    ///
    /// - Throws: ``InputError`` naming the file: missing, a folder, unreadable, or larger
    ///   than `limit` (with `what` saying what the file should be).
    static func data(_ path: String, limit: Int, what: String) throws(InputError) -> Data {
        let name = path == "-" ? "standard input" : path
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError("Cannot read \(what) \(path): no such file.")
            }
            guard !isDirectory.boolValue, let opened = FileHandle(forReadingAtPath: path) else {
                throw InputError("Cannot read \(what) \(path): it is a folder or not readable.")
            }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw InputError("Cannot read \(what) \(name): \((error as NSError).localizedDescription)")
        }
        guard data.count <= limit else {
            throw InputError("\(name) is larger than \(limit / 1_048_576) MB, too large for \(what).")
        }
        return data
    }
}
