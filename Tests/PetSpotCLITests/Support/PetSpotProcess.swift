import Foundation
import LocationTestSupport

/// Runs the built `petspot` binary to its end, the way a person does, and captures what it
/// prints (through ``ProcessRun``, so stdin is written while stdout and stderr are read).
///
/// The binary is found beside the test bundle in the build products directory; `swift test`
/// builds it along with the tests.
enum PetSpotProcess {
    /// What one run produced.
    typealias Output = ProcessRun.Output

    /// The `petspot` executable.
    static var binary: URL { BuiltProducts.executable("petspot") }

    /// Runs `petspot arguments…` (or `executable arguments…`), feeding `stdin`, and waits
    /// at most `timeout` seconds.
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
        timeout: Double = 60, currentDirectory: URL? = nil, executable: URL? = nil
    ) async throws -> Output {
        try await ProcessRun.run(
            executable ?? binary, arguments, stdin: stdin, environment: environment,
            currentDirectory: currentDirectory, timeout: .milliseconds(Int64(timeout * 1000)))
    }
}
