import Foundation
import Testing

/// Runs a reference command-line tool: GeographicLib's `GeodSolve` and `Planimeter` (Debian's
/// geographiclib-tools, an independent C++ implementation the tests compare PROJ's geodesics
/// against) or PROJ's own `cs2cs` (proj-bin).
///
/// All input goes in one run (one problem per line), so thousands of cases cost one process.
/// A missing tool is a test failure, never a skip: `scripts/install-deps` installs it.
enum ReferenceTool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `/usr/bin/<tool> arguments…` with `lines` on standard input and returns its output
    /// lines, waiting at most `timeout` seconds. With `allowingFailure`, an exit status other
    /// than 0 is accepted (`GeoConvert` exits 1 when any line was an error, and says which on
    /// that line).
    static func run(
        _ tool: String, _ arguments: [String], lines: [String], timeout: Double = 60, allowingFailure: Bool = false
    ) throws -> [String] {
        let path = "/usr/bin/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is missing: run scripts/install-deps (geographiclib-tools, proj-bin)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let stdout = ReadAll(output.fileHandleForReading)
        let stderr = ReadAll(error.fileHandleForReading)
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "\(tool) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        let text = stdout.wait()
        guard process.terminationStatus == 0 || allowingFailure else {
            throw Failure(description: "\(tool) exited with \(process.terminationStatus): \(stderr.wait())")
        }
        return text.split(separator: "\n").map(String.init)
    }

    /// Each output line as numbers; a line that is not all numbers is a failure.
    static func numbers(_ lines: [String], count: Int) throws -> [[Double]] {
        try lines.map { line in
            let values = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
            guard values.count == count else { throw Failure(description: "unexpected output line '\(line)'") }
            return values
        }
    }
}

/// Reads a file handle to its end on a background thread.
final class ReadAll: @unchecked Sendable {
    // @unchecked: `data` is written once by the reader thread before `done` is signalled,
    // and read only after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A seeded generator (SplitMix64), so a failing random case can be reproduced from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The difference between two bearings in degrees, the short way round (0…180).
func bearingDifference(_ a: Double, _ b: Double) -> Double {
    let d = (a - b).truncatingRemainder(dividingBy: 360).magnitude
    return min(d, 360 - d)
}
