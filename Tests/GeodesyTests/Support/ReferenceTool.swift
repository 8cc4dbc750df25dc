import Foundation
import LocationTestSupport
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
    ) async throws -> [String] {
        let path = "/usr/bin/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(
                description: "\(path) is missing: run scripts/install-deps --tests (geographiclib-tools, proj-bin)")
        }
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: path), arguments, stdin: lines.joined(separator: "\n") + "\n",
            timeout: .milliseconds(Int64(timeout * 1000)))
        guard output.status == 0 || allowingFailure else {
            throw Failure(description: "\(tool) exited with \(output.status): \(output.stderr)")
        }
        return output.stdout.split(separator: "\n").map(String.init)
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
