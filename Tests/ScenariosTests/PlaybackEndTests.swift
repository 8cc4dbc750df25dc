import Foundation
import Scenarios
import Testing

/// A run ends when its app is done, never while the app is taking its last step. Two races
/// made `scenario check` fail a scenario whose expectations all held ("the app was still
/// waiting when nothing more could happen"), about one check of 14 scenarios in ten: a `watch`
/// that had taken its count still said it was watching while it ended, and an app that had
/// taken its last step had not yet returned when the timeline ran out.
@Suite("Scenario playback: the end of a run")
struct PlaybackEndTests {
    @Test func aWatchThatTookItsCountEndsTheRunEveryTime() async throws {
        let scenario = try ScenarioLibrary.load("walking-warsaw")
        var unfinished = 0
        for _ in 0..<600 {
            let run = await ScenarioRunner(scenario: scenario).run()
            if !run.consumerFinished || !run.passed { unfinished += 1 }
        }
        #expect(unfinished == 0, "\(unfinished) of 600 runs did not finish")
    }

    @Test func everyBundledScenarioFinishesEveryTime() async throws {
        var failures: [String] = []
        for _ in 0..<40 {
            for scenario in try ScenarioLibrary.loadBundled() {
                let run = await ScenarioRunner(scenario: scenario).run()
                if !run.consumerFinished { failures.append(scenario.name) }
            }
        }
        #expect(failures.isEmpty, "did not finish: \(failures)")
    }
}
