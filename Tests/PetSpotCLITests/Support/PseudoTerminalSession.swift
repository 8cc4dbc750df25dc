import Foundation
import LocationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `petspot` binary on a pseudo-terminal, so that it sees a terminal the way
/// it does in a person's shell (`isatty` is true, colours and prompts are on), and lets a test
/// wait for what it prints and type answers.
///
/// ```swift
/// let session = try PseudoTerminalSession(["report", "missing", "--scenario", "denied"])
/// try session.expect("Latitude")
/// session.type("g")                       // "Request GPS position"
/// try session.expect("Go to Settings")
/// ```
///
/// Every wait has a deadline; the process is killed when the session ends, in every path.
final class PseudoTerminalSession {
    /// Everything the program printed so far, with ANSI escape sequences removed.
    private(set) var transcript = ""
    /// Everything the program printed so far, escape sequences included (to check colours).
    private(set) var rawOutput = ""
    /// Bytes of a UTF-8 character split across two reads, kept for the next read.
    private var pendingBytes: [UInt8] = []
    /// Where the next ``expect(_:quiet:hangGuard:sourceLocation:)`` starts looking in ``transcript``.
    private var cursor: String.Index
    private let master: Int32
    /// Foundation's Process, not ProcessRun: the child runs on a pseudo-terminal the test types
    /// into while it runs.
    private let process = Process()
    /// A state folder of its own (`XDG_STATE_HOME`, where unfinished reports are saved), unless
    /// the test gives one: a draft left by one test is never offered in another.
    private let stateFolder: URL?

    /// Starts `petspot arguments…` on a new pseudo-terminal of `columns`×40 characters (100 by
    /// default; the wizards wrap their lines to it).
    init(_ arguments: [String], environment: [String: String] = [:], columns: UInt16 = 100) throws {
        // posix_openpt/ptsname are hidden from Swift's Glibc module (they need _XOPEN_SOURCE);
        // these are the Linux ioctls they wrap. grantpt is a no-op with devpts.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        // TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int): function-like
        // macros Swift cannot import; these are their values with Linux's generic ioctl encoding
        // (x86_64 and arm64 alike).
        let setLock: UInt = 0x4004_5431
        let getNumber: UInt = 0x8004_5430
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0
        else {
            throw PseudoTerminalError.unavailable(String(cString: strerror(errno)))
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw PseudoTerminalError.unavailable(String(cString: strerror(errno))) }
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        process.executableURL = PetSpotProcess.binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["TERM"] = "xterm-256color"
        merged["NO_COLOR"] = nil
        if environment["XDG_STATE_HOME"] == nil {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-state-\(UUID())")
            merged["XDG_STATE_HOME"] = folder.path
            stateFolder = folder
        } else {
            stateFolder = nil
        }
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        cursor = transcript.startIndex
        do {
            try process.run()
        } catch {
            close(master)
            throw error
        }
        try handle.close()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            usleep(50_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        close(master)
        if let stateFolder { try? FileManager.default.removeItem(at: stateFolder) }
    }

    /// Waits until the program prints `text` (after the previous match) and returns what it
    /// printed up to and including it. Fails the test with the transcript when the program
    /// printed nothing at all for `quiet` seconds, or ended, without printing `text`.
    ///
    /// The deadline moves with the program's output (a line on the terminal is progress), not
    /// with the clock alone: on a loaded machine a program that is slow but working keeps its
    /// time, while one that is stuck or waiting for something that never comes fails after
    /// `quiet` seconds of silence. A wait for an outside event (a gpsd fix) starts when that
    /// event has happened (``GPSDProbe``), so the silence is the program's own. `hangGuard`
    /// bounds the whole wait, far above any normal run, for a program that prints forever.
    @discardableResult
    func expect(
        _ text: String, quiet: Double = 20, hangGuard: Double = 300,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let start = Date()
        var lastOutput = start
        var seenBytes = rawOutput.utf8.count
        while true {
            if let range = transcript.range(of: text, range: cursor..<transcript.endIndex) {
                let seen = String(transcript[cursor..<range.upperBound])
                cursor = range.upperBound
                return seen
            }
            if rawOutput.utf8.count != seenBytes {
                seenBytes = rawOutput.utf8.count
                lastOutput = Date()
            }
            let remaining = min(
                quiet - Date().timeIntervalSince(lastOutput), hangGuard - Date().timeIntervalSince(start))
            guard remaining > 0, readSome(waitingAtMost: min(remaining, 0.2)) || process.isRunning else {
                let waited = String(format: "%.1f", Date().timeIntervalSince(start))
                let silent = String(format: "%.1f", Date().timeIntervalSince(lastOutput))
                let message =
                    "did not see \(text.debugDescription) (waited \(waited) s, the last \(silent) s with no output; "
                    + "quiet limit \(quiet) s, hang guard \(hangGuard) s, program "
                    + "\(process.isRunning ? "running" : "ended")); transcript:\n\(transcript)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                throw PseudoTerminalError.timedOut(text)
            }
        }
    }

    /// Types `text` followed by Return.
    func type(_ text: String) {
        let bytes = Array((text + "\r").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Presses Ctrl-D at the start of a line: the program reads the end of input.
    func endInput() {
        var endOfFile: UInt8 = 0x04
        _ = write(master, &endOfFile, 1)
    }

    /// What Ctrl-C does: SIGINT to the program (sent directly, as the pseudo-terminal is not
    /// the program's controlling terminal, so typing ^C would only be read as a character).
    func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Waits for the program to end (reading what it prints meanwhile) and returns its exit status.
    func waitForExit(timeout: Double = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw PseudoTerminalError.timedOut("exit") }
            _ = readSome(waitingAtMost: 0.05)
        }
        while readSome(waitingAtMost: 0.05) {}
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Reads what is available within `seconds`; `false` when nothing more can come.
    private func readSome(waitingAtMost seconds: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return process.isRunning }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }  // EIO once the program has closed the terminal
        let offset = transcript.distance(from: transcript.startIndex, to: cursor)
        pendingBytes += buffer[..<count]
        let complete = Self.completeUTF8Prefix(pendingBytes)
        let text = String(decoding: pendingBytes[..<complete], as: UTF8.self)
        pendingBytes.removeFirst(complete)
        rawOutput += text
        transcript += Self.withoutEscapes(text)
        cursor = transcript.index(transcript.startIndex, offsetBy: offset)
        return true
    }

    /// How many leading bytes of `bytes` end on a character boundary (a multi-byte UTF-8
    /// character cut by the end of a read waits for its remaining bytes).
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var back = 0
        while index > 0, back < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 != 0x80 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return back + 1 >= length ? bytes.count : index - 1
            }
            index -= 1
            back += 1
        }
        return bytes.count
    }

    /// `text` without ANSI CSI sequences (colours, cursor moves) and carriage returns.
    static func withoutEscapes(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                guard let next = scalars.next(), next == "[" else { continue }
                while let part = scalars.next(), !(0x40...0x7E).contains(part.value) {}
            } else if scalar != "\r" {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

enum PseudoTerminalError: Error {
    case unavailable(String)
    case timedOut(String)
}
