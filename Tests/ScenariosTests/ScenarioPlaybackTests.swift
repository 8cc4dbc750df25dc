import Foundation
import Location
import Scenarios
import Testing

/// Every bundled scenario, played through the real LocationService on a virtual clock.
@Suite("Scenario playback through LocationService")
struct ScenarioPlaybackTests {
    @Test(arguments: ScenarioLibrary.bundledNames)
    func bundledScenarioMeetsItsExpectations(name: String) async throws {
        let run = await ScenarioRunner(scenario: try ScenarioLibrary.load(name)).run()
        #expect(run.consumerFinished, "\(run.text)")
        for check in run.checks where !check.passed { Issue.record("\(check.message)\n\(run.text)") }
        #expect(!run.checks.isEmpty)
    }

    @Test(arguments: ScenarioLibrary.bundledNames)
    func playingTwiceGivesByteIdenticalTranscripts(name: String) async throws {
        let scenario = try ScenarioLibrary.load(name)
        let first = await ScenarioRunner(scenario: scenario).run().text
        let second = await ScenarioRunner(scenario: scenario).run().text
        #expect(Data(first.utf8) == Data(second.utf8), "first:\n\(first)\nsecond:\n\(second)")
    }
}
