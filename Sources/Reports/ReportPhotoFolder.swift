public import Foundation
import Locking
public import ReportSteps
public import ReportStore

#if canImport(Glibc)
    import Glibc
#endif

/// Where `petspot serve` keeps the reports' photos: one file `<id>.<ext>` per report in a
/// folder beside the store (`PUT`/`GET /v1/reports/{id}/photo`). The id is safe as a file
/// name: ``ReportID/check(_:)`` allows only ASCII letters, digits and `-_.:~@+` (no `/`), and
/// the extension always follows it, so a name is never `.` or `..`.
///
/// A photo is written to a temporary file in the folder and renamed over the old one, so a
/// reader sees the old photo or the new one, never a part of either. Writes and removals take
/// one process-wide lock: two photos sent for one report at once (a PNG, then a JPEG) leave
/// one of them, never neither.
///
/// ```swift
/// let folder = ReportPhotoFolder(beside: .sqlite(path: "/data/reports.sqlite"))  // /data/reports-photos
/// try folder.write(bytes, type: .png, id: "r-0123456789abcdef")                  // …/r-0123456789abcdef.png
/// try folder.photo(id: "r-0123456789abcdef")?.type                               // .png
/// ```
public struct ReportPhotoFolder: ReportPhotos, Hashable {
    /// The folder (created with its parents on the first write).
    public let path: String

    /// The folder at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The folder beside `store`: for `sqlite:/data/reports.sqlite`, `/data/reports-photos`;
    /// for a PostgreSQL store, `photos` in the default store's folder
    /// (`$XDG_DATA_HOME/petspot/photos`, else `~/.local/share/petspot/photos`).
    public init(beside store: StoreURL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        switch store {
        case .sqlite(let file):
            let url = URL(fileURLWithPath: file)
            let name = url.deletingPathExtension().lastPathComponent
            path = url.deletingLastPathComponent().appendingPathComponent(name + "-photos").path
        case .postgres:
            path =
                URL(fileURLWithPath: StoreURL.defaultSQLitePath(environment: environment))
                .deletingLastPathComponent().appendingPathComponent("photos").path
        }
    }

    /// Held while a photo is written or removed (they are rare; reads do not take it).
    private static let changing = Locked(())

    /// A file name's extension for each format.
    static func fileExtension(_ type: ImageType) -> String {
        switch type {
        case .jpeg: "jpg"
        case .png: "png"
        case .heic: "heic"
        case .gif: "gif"
        case .webp: "webp"
        }
    }

    private func file(_ id: String, _ type: ImageType) -> String {
        path + "/" + id + "." + Self.fileExtension(type)
    }

    /// The format of report `id`'s photo, or `nil` when it has none.
    public func type(id: String) -> ImageType? {
        ImageType.allCases.first { FileManager.default.fileExists(atPath: file(id, $0)) }
    }

    /// Report `id`'s photo and its format, or `nil` when it has none.
    ///
    /// - Throws: ``ReportPhotoError`` when the file is there but cannot be read.
    public func photo(id: String) throws(ReportPhotoError) -> ReportPhoto? {
        guard let type = self.type(id: id) else { return nil }
        do {
            return ReportPhoto(bytes: try Data(contentsOf: URL(fileURLWithPath: file(id, type))), type: type)
        } catch {
            throw .failed("The photo of report \(id) cannot be read: \(error.localizedDescription)")
        }
    }

    /// Makes `bytes` report `id`'s photo, replacing any earlier one (of any format): a
    /// temporary file in the folder, renamed to `<id>.<ext>`.
    ///
    /// - Throws: ``ReportPhotoError`` when the folder or the file cannot be written; the
    ///   earlier photo, if any, is then kept.
    public func write(_ bytes: Data, type: ImageType, id: String) throws(ReportPhotoError) {
        try Self.changing.withLock { _ throws(ReportPhotoError) in try replace(bytes, type: type, id: id) }
    }

    private func replace(_ bytes: Data, type: ImageType, id: String) throws(ReportPhotoError) {
        let target = file(id, type)
        let temporary = path + "/." + id + "." + UUID().uuidString + ".tmp"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw ReportPhotoError.failed("The photo cannot be saved in \(path): \(error.localizedDescription)")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw ReportPhotoError.failed("The photo cannot be saved as \(target): \(reason)")
        }
        for other in ImageType.allCases where other != type {
            try? FileManager.default.removeItem(atPath: file(id, other))
        }
    }

    /// Removes report `id`'s photo; nothing to do when it has none.
    ///
    /// - Throws: ``ReportPhotoError`` when a photo file is there and cannot be removed.
    public func remove(id: String) throws(ReportPhotoError) {
        try Self.changing.withLock { _ throws(ReportPhotoError) in try removeFiles(id: id) }
    }

    private func removeFiles(id: String) throws(ReportPhotoError) {
        for type in ImageType.allCases where FileManager.default.fileExists(atPath: file(id, type)) {
            do {
                try FileManager.default.removeItem(atPath: file(id, type))
            } catch {
                throw ReportPhotoError.failed(
                    "The photo \(file(id, type)) cannot be removed: \(error.localizedDescription)")
            }
        }
    }
}
