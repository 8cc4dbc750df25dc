import Dispatch
import Foundation
import FuzzSupport
import OutsideInput
import Scenarios

/// Fuzzes a scenario from text to transcript: a scenario file (YAML or JSON), and after a NUL
/// byte the bytes of any track it names (`track: t.gpx` or `t.nmea`), is decoded, compiled,
/// and played through `ScenarioRunner`. Properties: no trap, the run ends, and neither the
/// transcript text nor an error message holds a control or bidi-override character (only
/// line breaks between lines), nor quotes more than a bounded amount of input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioTranscript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let text = parts.first.map { Data($0) } ?? Data()
    let track = parts.count > 1 ? Data(parts[1]) : Data()
    let scenario: Scenario
    do {
        scenario = try ScenarioLibrary.decode(
            text, file: "fuzz.yaml", name: "fuzz", readFile: { _ throws(ScenarioError) in track })
    } catch {
        requireTerminalSafe(error.description, "error")
        require(
            error.description.count <= 120 + ScenarioError.maximumMessageCharacters,
            "an error of \(error.description.count) characters")
        return 0
    }
    // Long timelines play correctly but slowly; the decoder's limits are FuzzScenarioFile's.
    guard scenario.timeline.count <= 300, scenario.consumer.count <= 30 else { return 0 }
    let run = play(scenario)
    requireTerminalSafe(run.text, "transcript")
    require(run.duration <= ScenarioLimits.maximumDuration, "played \(run.duration)")
    return 0
}

/// Plays `scenario` to its end on a task, waiting for it on this (libFuzzer's) thread.
private func play(_ scenario: Scenario) -> ScenarioRun {
    let done = DispatchSemaphore(value: 0)
    let result = RunBox()
    Task {
        result.run = await ScenarioRunner(scenario: scenario).run()
        done.signal()
    }
    done.wait()
    guard let run = result.run else {
        require(false, "the run did not end")
        fatalError("unreachable")
    }
    return run
}

/// The run, handed from the playing task to the waiting thread.
private final class RunBox: @unchecked Sendable {
    // @unchecked: written once by the task before it signals the semaphore, read only after
    // the wait on it.
    var run: ScenarioRun?
}

private func requireTerminalSafe(_ text: String, _ what: String) {
    let unsafe = text.unicodeScalars.first { $0 != "\n" && TerminalSafeText.isUnsafe($0) }
    require(unsafe == nil, "\(what) holds U+\(String(unsafe?.value ?? 0, radix: 16)): \(text.debugDescription)")
}
