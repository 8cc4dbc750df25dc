public import Foundation
import Subprocess
import SystemPackage

/// Runs a program to its end and collects what it printed, through swift-subprocess: the
/// tests' one way to run `petspot`, GeographicLib's tools or anything else that finishes
/// (long-running children — gpsd, gpsfake, `petspot serve`, terminal sessions — use
/// `ChildProcess`, `Foundation.Process` or a pseudo-terminal, which let the test talk to them
/// while they run).
///
/// Standard input is written while standard output and error are read, so a child that reads
/// and writes more than a pipe holds (64 KiB on Linux) never blocks on a full pipe — which
/// writing all input first and reading afterwards does.
///
/// ```swift
/// let output = try await ProcessRun.run(BuiltProducts.executable("petspot"), ["validate", "52.2297, 21.0122"])
/// #expect(output.status == 0)
/// ```
public enum ProcessRun {
    /// What one run produced.
    public struct Output: Sendable {
        /// The exit status, or 128 + the signal that ended the process.
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// A run that did not finish.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The most each of standard output and standard error may hold.
    public static let outputLimit = 256 * 1024 * 1024

    /// Runs `executable arguments…`, feeding it `stdin`, with `environment` added to this
    /// process' own, in `currentDirectory` (this process' own by default); kills it after
    /// `timeout` of real time.
    ///
    /// - Throws: ``Failure`` when it did not finish within `timeout`; swift-subprocess'
    ///   error when it could not be started or printed more than ``outputLimit``.
    public static func run(
        _ executable: URL, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
        currentDirectory: URL? = nil, timeout: Duration = .seconds(60)
    ) async throws -> Output {
        let commandLine = ([executable.path] + arguments).joined(separator: " ")
        let finished = try await withThrowingTaskGroup(of: Output?.self) { group in
            group.addTask {
                try await runToEnd(
                    executable, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        // Cancelling the run (above) kills the child: swift-subprocess' teardown ends in SIGKILL.
        guard let finished else { throw Failure(description: "\(commandLine) did not finish within \(timeout)") }
        return finished
    }

    /// ``run(_:_:stdin:environment:currentDirectory:timeout:)`` with text on standard input.
    public static func run(
        _ executable: URL, _ arguments: [String], stdin: String, environment: [String: String] = [:],
        currentDirectory: URL? = nil, timeout: Duration = .seconds(60)
    ) async throws -> Output {
        try await run(
            executable, arguments, stdin: Array(stdin.utf8), environment: environment,
            currentDirectory: currentDirectory, timeout: timeout)
    }

    private static func runToEnd(
        _ executable: URL, _ arguments: [String], stdin: [UInt8], environment: [String: String],
        currentDirectory: URL?
    ) async throws -> Output {
        var updates: [Environment.Key: String?] = [:]
        for (key, value) in environment { updates[Environment.Key(stringLiteral: key)] = value }
        let result = try await Subprocess.run(
            .path(FilePath(executable.path)), arguments: Arguments(arguments),
            environment: .inherit.updating(updates), workingDirectory: currentDirectory.map { FilePath($0.path) },
            input: .array(stdin), output: .string(limit: outputLimit), error: .string(limit: outputLimit))
        let status: Int32
        switch result.terminationStatus {
        case .exited(let code): status = code
        case .signaled(let signal): status = 128 + signal
        }
        return Output(status: status, stdout: result.standardOutput, stderr: result.standardError)
    }
}
