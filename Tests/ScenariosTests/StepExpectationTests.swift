import Foundation
import ReportSteps
import ScenarioSteps
import Scenarios
import Testing

/// `step:` expectations: what a report step shows after its location button is pressed,
/// checked against the real step models.
@Suite("Step expectations")
struct StepExpectationTests {
    static func scenario(_ yaml: String) throws -> Scenario {
        try ScenarioLibrary.decode(Data(yaml.utf8), file: "inline.yaml", name: "inline", readFile: { _ in Data() })
    }

    @Test func aDeniedScenarioShowsTheAlertOnBothSteps() async throws {
        let scenario = try ScenarioLibrary.load("permission-denied")
        let missing = await ReportStepPlayback.press(.animalDescription, in: scenario)
        #expect(missing.alert?.cancelTitle == "Cancel")
        #expect(missing.alert?.settingsTitle == "Go to Settings")
        #expect(missing.latitudeText.isEmpty && missing.longitudeText.isEmpty)
        let found = await ReportStepPlayback.press(.petDetails, in: scenario)
        #expect(found.alert != nil)
    }

    @Test func theDefaultScenarioFillsBothFieldsWithFiveDecimals() async throws {
        let fields = await ReportStepPlayback.press(.animalDescription, in: try ScenarioLibrary.load("default"))
        #expect(fields.latitudeText == "52.22970")
        #expect(fields.longitudeText == "21.01220")
        #expect(fields.alert == nil)
        #expect(fields.helperText == CoordinateFields.capturedHelperText)
    }

    @Test func aWrongStepExpectationFailsAndSaysWhatTheStepShowed() async throws {
        let scenario = try Self.scenario(
            """
            title: Denied, but expecting filled fields
            authorization: denied
            timeline:
              - fix: {coordinate: "52.2297, 21.0122"}
            consumer:
              - requestLocation: {timeout: 5s}
            expect:
              - step: {name: animalDescription, latitudeField: "52.22970", shows: noAlert}
              - step: {name: checkout, shows: permissionAlert}
              - step: {name: petDetails, colour: red}
            """)
        let steps = await ReportStepPlayback.evaluator(for: scenario)
        let run = await ScenarioRunner(scenario: scenario, stepEvaluator: steps).run()
        let results = run.checks.filter { $0.expectation.description.hasPrefix("step:") }
        #expect(results.count == 3)
        #expect(results.allSatisfy { !$0.passed })
        #expect(results[0].actual == #"latitudeField: "", shows: "permissionAlert""#)
        #expect(results[1].actual.hasPrefix(#"unknown step "checkout""#))
        #expect(results[2].actual.hasPrefix(#"unknown key "colour""#))
    }

    @Test func withoutTheStepLayerAStepExpectationIsNeverAPass() async throws {
        let run = await ScenarioRunner(scenario: try ScenarioLibrary.load("default")).run()
        let step = try #require(run.checks.first { $0.expectation.description.hasPrefix("step:") })
        #expect(!step.passed)
        #expect(step.actual.hasPrefix("not checked"))
    }
}
