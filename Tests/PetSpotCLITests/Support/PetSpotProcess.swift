import Foundation
import Testing

/// Runs the built `petspot` binary, the way a person does, and captures what it prints.
///
/// The binary is found beside the test bundle in the build products directory; `swift test`
/// builds it along with the tests.
struct PetSpotProcess {
    /// What one run produced.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The products directory (`.build/<triple>/debug`), from this test process' own path.
    static var productsDirectory: URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // The test runner may live inside `PetSpotLocationPackageTests.xctest/…` on some layouts.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// The `petspot` executable.
    static var binary: URL { productsDirectory.appendingPathComponent("petspot") }

    /// Runs `petspot arguments…` (or `executable arguments…`), feeding `stdin`, and waits
    /// at most `timeout` seconds.
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
        timeout: Double = 60, currentDirectory: URL? = nil, executable: URL? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process never blocks on a full pipe.
        let stdoutData = ReadAll(output.fileHandleForReading)
        let stderrData = ReadAll(error.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("petspot \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: stdoutData.wait(), stderr: stderrData.wait())
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
