import Foundation
import GRDB
public import ReportStore

#if canImport(Glibc)
    import Glibc
#endif

extension SQLiteReportStore {
    /// What a backup made.
    public struct Backup: Sendable {
        /// The copy's path.
        public var path: String
        /// Reports in the copy.
        public var reports: Int
        /// The copy's size in bytes.
        public var bytes: Int
    }

    /// A consistent copy of the store in a new file at `destination`, made while others keep
    /// writing (SQLite's online backup through GRDB, in one step from one read snapshot: every
    /// change committed before it began is in the copy). The copy is one self-contained file
    /// (journal mode `DELETE`, no `-wal` beside it) that passes `PRAGMA integrity_check`; it is
    /// written beside `destination` and moved there only when whole, and an existing file is
    /// never replaced.
    ///
    /// - Throws: ``ReportStoreError`` (storage) when `destination` exists, cannot be written,
    ///   or the copy fails its check.
    public func backup(to destination: String) throws(ReportStoreError) -> Backup {
        let what = "backing up to \(destination)"
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw .storage(what, "\(destination) exists; remove it or name another file (a backup never replaces one)")
        }
        let folder = (destination as NSString).deletingLastPathComponent
        let partial =
            (folder.isEmpty ? "." : folder)
            + "/.\((destination as NSString).lastPathComponent).partial-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: partial) }
        let reports: Int
        do {
            let copy = try DatabaseQueue(path: partial)
            try pool.backup(to: copy)
            try copy.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
            }
            let check = try copy.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            guard check == ["ok"] else {
                throw ReportStoreError.storage(what, "the copy failed its integrity check: \(check.prefix(3))")
            }
            reports = try copy.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM report") ?? 0 }
            try copy.close()
        } catch let error as ReportStoreError {
            throw error
        } catch {
            throw .storage(what, Self.reason(error))
        }
        // link(2) fails when the destination appeared meanwhile: nothing is ever replaced.
        guard link(partial, destination) == 0 else {
            throw .storage(what, String(cString: strerror(errno)))
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) ?? 0
        return Backup(path: destination, reports: reports, bytes: bytes)
    }
}
