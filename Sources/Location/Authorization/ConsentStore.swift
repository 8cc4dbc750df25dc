public import Foundation
import OutsideInput

/// The person's persisted answer to "may PetSpot use your location?": a small JSON file
/// under the user's config directory, following the XDG Base Directory rules.
///
/// The file is `$XDG_CONFIG_HOME/petspot/location-consent.json`, or
/// `~/.config/petspot/location-consent.json` when `XDG_CONFIG_HOME` is unset, empty or not
/// absolute. No file means `notDetermined`. It holds
/// `{"status": "authorizedWhenInUse", "accuracy": "fullAccuracy", "updated": "2026-11-23T11:30:00Z"}`
/// and is written atomically with mode 0600 (its directory 0700).
///
/// ```swift
/// let store = ConsentStore.standard()
/// try store.write(LocationAuthorization(.authorizedWhenInUse))
/// try store.read()?.status          // .authorizedWhenInUse
/// try store.remove()                // back to notDetermined
/// ```
public struct ConsentStore: Sendable, Hashable {
    /// The consent file.
    public var fileURL: URL

    /// A store at `fileURL`.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The store at the XDG location for `environment` (the process environment by default).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConsentStore {
        ConsentStore(
            fileURL: configDirectory(environment: environment).appendingPathComponent("petspot/location-consent.json"))
    }

    /// `$XDG_CONFIG_HOME` when it is an absolute path, else `$HOME/.config`.
    public static func configDirectory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
    }

    private struct Record: Codable {
        var status: AuthorizationStatus
        var accuracy: AccuracyAuthorization?
        var updated: String?
    }

    /// The stored answer, or `nil` when there is none (`notDetermined`).
    ///
    /// - Throws: ``ConsentStoreError/unreadable(path:reason:)`` when the file exists but is
    ///   not a consent record.
    public func read() throws(ConsentStoreError) -> LocationAuthorization? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let record: Record
        do {
            record = try JSONDecoder().decode(
                Record.self, from: JSONDuplicateKeys.checked(Self.contents(of: fileURL), file: fileURL.path))
        } catch {
            throw .unreadable(path: fileURL.path, reason: Self.reason(error))
        }
        switch record.status {
        case .notDetermined: return nil
        case .restricted:
            throw .unreadable(path: fileURL.path, reason: "\"restricted\" is set by a system policy, not stored")
        case .denied, .authorizedWhenInUse, .authorizedAlways:
            return LocationAuthorization(record.status, accuracy: record.accuracy ?? .fullAccuracy)
        }
    }

    /// Stores `authorization` (atomically, mode 0600).
    ///
    /// A regular file (or a new path) is replaced atomically. A symbolic link at the path is
    /// kept: the file it points to is replaced, so a consent file kept elsewhere by a dotfiles
    /// tool stays linked. Anything else found there (a directory, a FIFO, a device, a socket)
    /// is refused and left alone: replacing it would silently destroy something that is not
    /// PetSpot's.
    ///
    /// - Throws: ``ConsentStoreError/unwritable(path:reason:)``.
    public func write(_ authorization: LocationAuthorization) throws(ConsentStoreError) {
        let formatter = ISO8601DateFormatter()
        let record = Record(
            status: authorization.status, accuracy: authorization.accuracy, updated: formatter.string(from: Date()))
        let target = try writableTarget()
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(record) + Data("\n".utf8)
            let directory = target.deletingLastPathComponent()
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try data.write(to: target, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        } catch {
            throw .unwritable(path: fileURL.path, reason: Self.reason(error))
        }
    }

    /// Where ``write(_:)`` puts the record: ``fileURL`` itself when it is a regular file or
    /// missing; the end of the chain when it is a symbolic link (to a file or to a path not
    /// yet there); a refusal for anything else.
    private func writableTarget() throws(ConsentStoreError) -> URL {
        var url = fileURL
        // A chain longer than the kernel's own limit (40 links) is a loop.
        for _ in 0..<40 {
            var info = stat()
            guard lstat(url.path, &info) == 0 else {
                if errno == ENOENT { return url }
                throw .unwritable(path: fileURL.path, reason: FileProblem(errno: errno).description)
            }
            let kind = FileKind(mode: UInt32(info.st_mode))
            switch kind {
            case .regular:
                return url
            case .symbolicLink:
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else {
                    throw .unwritable(path: fileURL.path, reason: "its symbolic link cannot be read")
                }
                url =
                    destination.hasPrefix("/")
                    ? URL(fileURLWithPath: destination)
                    : url.deletingLastPathComponent().appendingPathComponent(destination)
            default:
                throw .unwritable(
                    path: fileURL.path,
                    reason: "it is \(kind), not a consent file; PetSpot writes only a file, so move it away yourself")
            }
        }
        throw .unwritable(path: fileURL.path, reason: "its symbolic links form a loop")
    }

    /// Deletes the stored answer (back to `notDetermined`); nothing happens when there is none
    /// (also when another `reset` removed it first).
    ///
    /// Only a regular file or a symbolic link is removed (the link, not what it points to):
    /// a directory or anything else found at the path is left alone and refused.
    ///
    /// - Throws: ``ConsentStoreError/unremovable(path:reason:)``.
    public func remove() throws(ConsentStoreError) {
        let path = fileURL.path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .unremovable(path: path, reason: FileProblem(errno: errno).description)
        }
        let kind = FileKind(mode: UInt32(info.st_mode))
        guard kind == .regular || kind == .symbolicLink else {
            throw .unremovable(
                path: path,
                reason: "it is \(kind), not a consent file; PetSpot removes only a file, so move it away yourself")
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .unremovable(path: path, reason: FileProblem(errno: errno).description)
        }
    }

    /// The largest consent file read: a record is under 200 bytes.
    public static let maximumFileSize = 4096

    /// The file's bytes, at most ``maximumFileSize`` of them; only a regular file is read, so a
    /// FIFO at the path never blocks (``InputFile``).
    ///
    /// Not `Data(contentsOf:)`: fuzzing found that it leaks a 4 KiB buffer for every empty
    /// file it reads (swift-foundation on Linux, 6.3.1).
    private static func contents(of url: URL) throws -> Data {
        do {
            return Data(try InputFile.read(atPath: url.path, limit: maximumFileSize))
        } catch .tooLarge {
            throw ConsentFileTooLarge()
        }
    }

    private struct ConsentFileTooLarge: Error, CustomStringConvertible {
        var description: String { "larger than \(ConsentStore.maximumFileSize) bytes, so not a consent record" }
    }

    private static func reason(_ error: any Error) -> String {
        if let tooLarge = error as? ConsentFileTooLarge { return tooLarge.description }
        if let check = error as? JSONCheckError {
            if case .invalid = check.problem { return "not valid JSON" }
            return check.errorDescription ?? check.description
        }
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted: return "not valid JSON"
            case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
            case .typeMismatch, .valueNotFound: return "a value has the wrong type"
            @unknown default: return "not a consent record"
            }
        }
        return FileProblem(error).description
    }
}

/// Why the consent file could not be read or written.
public enum ConsentStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a consent record.
    case unreadable(path: String, reason: String)
    /// The file or its directory could not be written.
    case unwritable(path: String, reason: String)
    /// What is at the consent path cannot be removed (a directory, say).
    case unremovable(path: String, reason: String)

    /// The message a person sees.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "The location consent file \(path) cannot be read (\(reason)); it counts as not determined. Run `petspot permission reset`, then grant or deny again."
        case .unwritable(let path, let reason):
            "Cannot save the location consent to \(path): \(reason)."
        case .unremovable(let path, let reason):
            "Cannot remove the location consent file \(path): \(reason)."
        }
    }
}
