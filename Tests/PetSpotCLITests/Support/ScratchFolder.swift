import Foundation

/// A temporary folder for one test, removed when the test ends, with the helpers the
/// special-file tests need (FIFOs, symbolic links).
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    /// Writes a small PNG (recognised by its signature) called `name`.
    func png(_ name: String = "luna.png") throws {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 24)
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    /// Makes a FIFO (named pipe) called `name` and returns its path.
    func fifo(_ name: String) throws -> String {
        let path = path(name)
        guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return path
    }

    /// Makes a symbolic link `name` → `target` and returns its path.
    func link(_ name: String, to target: String) throws -> String {
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: target)
        return path(name)
    }

    /// What is at `path` (without following a final symbolic link).
    static func kind(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }
}

/// Reads a FIFO to its end on a background thread (opening it for reading first, so that a
/// writer can open it), as another program at the end of a pipe would.
final class FIFOReader: @unchecked Sendable {
    // @unchecked: `data` is written once by the reader thread before `done` is signalled,
    // and read only after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
        Thread.detachNewThread { [self] in
            if let handle = FileHandle(forReadingAtPath: path) {
                data = handle.readDataToEndOfFile()
                try? handle.close()
            }
            done.signal()
        }
    }

    /// What was read, or `nil` when nothing finished within `seconds`.
    func wait(seconds: Double) -> String? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
