import Foundation
import Scenarios
import Testing

/// The complete example in Docs/Scenarios.md decodes, plays, and meets its expectations.
@Suite("Docs/Scenarios.md")
struct DocsExampleTests {
    @Test func theCompleteExampleDecodesPlaysAndPasses() async throws {
        let docs = try String(
            contentsOf: scenariosFolder.deletingLastPathComponent().appendingPathComponent("Docs/Scenarios.md"),
            encoding: .utf8)
        let start = try #require(docs.range(of: "```yaml\n"))
        let end = try #require(docs.range(of: "```", range: start.upperBound..<docs.endIndex))
        let yaml = String(docs[start.upperBound..<end.lowerBound])
        let gpx = "<gpx><wpt lat=\"52.2300\" lon=\"21.0130\"/><wpt lat=\"52.2301\" lon=\"21.0131\"/></gpx>"
        let scenario = try decodeScenario(yaml, file: "qa/first-use-grant.yaml", tracks: ["walk.gpx": gpx])
        #expect(scenario.timeline.count == 8)
        #expect(scenario.consumer.count == 4)
        let run = await ScenarioRunner(scenario: scenario).run()
        #expect(run.consumerFinished)
        for check in run.checks where !check.passed { Issue.record("\(check.message)\n\(run.text)") }
        #expect(run.checks.count == 8)
    }
}
