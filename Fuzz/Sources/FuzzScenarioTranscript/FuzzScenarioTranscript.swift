import Foundation
import FuzzSupport
import OutsideInput
import Scenarios

/// Fuzzes a scenario from text to transcript: a scenario file (YAML or JSON), and after a NUL
/// byte the bytes of any track it names (`track: t.gpx` or `t.nmea`), is decoded, compiled,
/// and played through `ScenarioRunner` on one thread (``InlineExecutor``). Properties: no
/// trap, the run ends (no task is left waiting for something that cannot happen), and neither the
/// transcript text nor an error message holds a control or bidi-override character (only
/// line breaks between lines), nor quotes more than a bounded amount of input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioTranscript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    InlineExecutor.install()
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
    // Each timeline event and each action is one settle of the runner: a bound on both keeps
    // every input cheap (the corpus' scenarios have at most a dozen events). Long timelines
    // play the same steps more times; the decoder's own limits are FuzzScenarioFile's.
    guard scenario.timeline.count <= maximumEvents, scenario.consumer.count <= maximumActions else { return 0 }
    let run = play(scenario)
    requireTerminalSafe(run.text, "transcript")
    require(run.duration <= ScenarioLimits.maximumDuration, "played \(run.duration)")
    return 0
}

/// The most timeline events and consumer actions an input may have to be played.
private let maximumEvents = 64
private let maximumActions = 16

/// Plays `scenario` to its end on a task, running the task and everything it starts on this
/// (libFuzzer's) thread (see ``InlineExecutor``).
private func play(_ scenario: Scenario) -> ScenarioRun {
    let result = RunBox()
    Task {
        result.run = await ScenarioRunner(scenario: scenario).run()
    }
    let ended = InlineExecutor.run(until: { result.run != nil })
    require(ended, "the run did not end: every task waits for something that cannot happen")
    InlineExecutor.drain()
    guard let run = result.run else { fatalError("unreachable") }
    return run
}

/// The run, handed from the playing task to the fuzzer's thread.
private final class RunBox: @unchecked Sendable {
    // @unchecked: the task that writes it and the loop that reads it run on the same thread
    // (InlineExecutor).
    var run: ScenarioRun?
}

private func requireTerminalSafe(_ text: String, _ what: String) {
    let unsafe = text.unicodeScalars.first { $0 != "\n" && TerminalSafeText.isUnsafe($0) }
    require(unsafe == nil, "\(what) holds U+\(String(unsafe?.value ?? 0, radix: 16)): \(text.debugDescription)")
}
