import Foundation
public import ReportStore

#if canImport(Glibc)
    import Glibc
#endif

/// The one server an SQLite store may have: `petspot serve` holds an exclusive `flock` on a
/// file beside the store (`NAME.sqlite.serve-lock`, holding its process id) for as long as it
/// runs, and a second server on the same file refuses to start. One writer machine is what
/// SQLite is for; several servers share a PostgreSQL store. Commands (`petspot reports …`) take
/// no lock and keep working beside a running server. The kernel releases the lock when the
/// process ends, however it ends.
public final class SQLiteServeLock: Sendable {
    private let descriptor: Int32
    /// The lock file.
    public let path: String

    /// Takes the lock of the store at `storePath`.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` naming the process that serves the
    ///   store already, or why the lock file cannot be made.
    public init(storePath: String) throws(ReportStoreError) {
        path = storePath + ".serve-lock"
        let name = "sqlite:\(storePath)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .unavailable(name, "its lock file \(path) cannot be made (\(String(cString: strerror(errno)))).")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            let holder =
                count > 0
                ? String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            close(descriptor)
            throw .unavailable(
                name,
                "another petspot serve\(holder.isEmpty ? "" : " (process \(holder))") serves it already. One server "
                    + "per SQLite file: stop that one first, or move the store to PostgreSQL to run several "
                    + "(petspot reports copy --from sqlite:… --to postgres://…).")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, pid, pid.count, 0)
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
