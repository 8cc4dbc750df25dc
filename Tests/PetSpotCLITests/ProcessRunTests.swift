import Foundation
import LocationTestSupport
import Testing

/// The tests' way of running a child to its end (``ProcessRun``, over swift-subprocess).
@Suite struct ProcessRunTests {
    /// `cat` writes what it reads as it reads it. Writing all of standard input before reading
    /// standard output deadlocks once both pass what a pipe holds (64 KiB): `cat` blocks on its
    /// full output pipe and stops reading, and the writer blocks on the full input pipe.
    @Test func aChildThatReadsAndWritesMoreThanAPipeHoldsFinishes() async throws {
        let line = String(repeating: "52.22970, 21.01220 ±4 m ", count: 10) + "\n"
        let input = String(repeating: line, count: 4096)  // about 1 MiB
        #expect(input.utf8.count > 8 * 64 * 1024)
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/cat"), [], stdin: input, timeout: .seconds(30))
        #expect(output.status == 0)
        #expect(output.stdout == input)
    }

    @Test func aChildThatDoesNotFinishInTimeIsKilledAndTheRunThrows() async throws {
        let started = ContinuousClock.now
        await #expect(throws: ProcessRun.Failure.self) {
            _ = try await ProcessRun.run(URL(fileURLWithPath: "/bin/sleep"), ["30"], timeout: .milliseconds(300))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func theStatusIsTheExitCodeOr128PlusTheSignal() async throws {
        let sh = URL(fileURLWithPath: "/bin/sh")
        #expect(try await ProcessRun.run(sh, ["-c", "exit 3"]).status == 3)
        #expect(try await ProcessRun.run(sh, ["-c", "kill -TERM $$"]).status == 128 + SIGTERM)
        let both = try await ProcessRun.run(sh, ["-c", "echo out; echo err >&2"], environment: ["X": "1"])
        #expect(both.stdout == "out\n" && both.stderr == "err\n")
    }
}
