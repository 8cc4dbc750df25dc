import Foundation
import Geodata
import Location
import ScenarioSteps
import Scenarios
import Testing

/// Every bundled scenario, played through the real LocationService on a virtual clock.
@Suite("Scenario playback through LocationService")
struct ScenarioPlaybackTests {
    @Test(arguments: ScenarioLibrary.bundledNames)
    func bundledScenarioMeetsItsExpectations(name: String) async throws {
        let scenario = try ScenarioLibrary.load(name)
        let steps = await ReportStepPlayback.evaluator(for: scenario)
        let run = await ScenarioRunner(scenario: scenario, stepEvaluator: steps).run()
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

    @Test func aThirtySecondTimeoutIsPlayedOnTheVirtualClock() async throws {
        let run = await ScenarioRunner(scenario: try ScenarioLibrary.load("no-fix-timeout")).run()
        #expect(run.duration == .seconds(30))
        let request = try #require(run.requests.last)
        #expect(request.outcome == .noFix)
        #expect(request.time == .seconds(30))
        #expect(request.error?.description == "No fix within 30 s (connected, but no fix from the receiver).")
        #expect(run.transcript.map(\.actor).filter { $0 == .receiver }.count == 3)
    }

    @Test func revokingMidStreamStopsTheProviderAndDeniesTheNextRequest() async throws {
        let run = await ScenarioRunner(scenario: try ScenarioLibrary.load("permission-revoked")).run()
        let revoked = try #require(run.transcript.firstIndex { $0.event == "changes it in settings → denied" })
        #expect(run.transcript[revoked].time == .milliseconds(2500))
        let after = run.transcript[(revoked + 1)...]
        #expect(after.contains { $0.event == "← update: location use not allowed (denied)" && !$0.providerRunning })
        #expect(after.contains { $0.event == "fix 52.23000, 21.01250 ±5 m (nobody listening)" })
        #expect(run.updates.compactMap(\.fix).count == 3)
        #expect(run.requests.map(\.outcome) == [.denied])
    }

    @Test func stepExpectationsAreFailuresUntilAnEvaluatorIsWired() async throws {
        var scenario = try ScenarioLibrary.load("permission-denied")
        let step = try decodeScenario(
            "title: t\nauthorization: denied\nexpect:\n  - step: {name: animalDescription, shows: settingsAlert}\n")
        scenario.expectations = step.expectations
        let unwired = await ScenarioRunner(scenario: scenario).run()
        #expect(!unwired.passed)
        #expect(unwired.checks.first?.actual.hasPrefix("not checked") == true)
        let wired = await ScenarioRunner(
            scenario: scenario,
            stepEvaluator: { expectation, run in
                // A stand-in for the report-step layer: a denied request shows the settings alert.
                let shows = run.requests.last?.outcome == .denied ? "settingsAlert" : "none"
                return (expectation["shows"] == shows, shows)
            }
        ).run()
        #expect(wired.passed, "\(wired.text)")
    }
}

@Suite("Scenario playback with a custom app")
struct ScenarioCustomAppTests {
    @Test func aCustomAppDrivesTheServiceInPlaceOfTheFilesActions() async throws {
        let scenario = try ScenarioLibrary.load("default")
        let run = await ScenarioRunner(scenario: scenario).run(app: { app in
            await app.note("Animal description step: tap “Use my location”")
            await app.service.requestWhenInUseAuthorization()
            let fix = try? await app.service.requestLocation(timeout: .seconds(30), desiredAccuracy: 10)
            await app.note("latitude field: \(fix?.coordinate.latitude.formatted ?? "empty")")
        })
        #expect(run.consumerFinished)
        #expect(
            run.transcript.contains {
                $0.actor == .app && $0.event == "latitude field: 52.22970" && $0.time == .seconds(4)
            })
        #expect(run.promptCount == 1)
        let again = await ScenarioRunner(scenario: scenario).run(app: { app in
            await app.note("Animal description step: tap “Use my location”")
            await app.service.requestWhenInUseAuthorization()
            let fix = try? await app.service.requestLocation(timeout: .seconds(30), desiredAccuracy: 10)
            await app.note("latitude field: \(fix?.coordinate.latitude.formatted ?? "empty")")
        })
        #expect(run.text == again.text)
    }

    /// A loaded machine may run an app's task late: quiet in real time, but not idle. The
    /// timeline waits for it (the old runner took the quiet for idleness, played the whole
    /// timeline and stopped the app before it asked: `scenario check`'s `default` step
    /// expectation failed that way beside a CPU hog).
    @Test func anAppThatRunsLateInRealTimeStillGetsTheScenariosFix() async throws {
        let scenario = try ScenarioLibrary.load("default")
        let run = await ScenarioRunner(scenario: scenario).run(app: { app in
            // What a CPU hog does to the app's task, 300 ms of real time, on purpose here.
            try? await Task.sleep(for: .milliseconds(300))
            await app.requestAuthorization()
            let fix = try? await app.requestLocation(ConsumerAction.LocationRequest(accuracy: 10)).get()
            await app.note("latitude field: \(fix?.coordinate.latitude.formatted ?? "empty")")
        })
        #expect(run.consumerFinished, "\(run.text)")
        #expect(run.requests.map(\.outcome) == [.fix], "\(run.text)")
        #expect(run.text.contains("latitude field: 52.22970"), "\(run.text)")
    }

    @Test func theAppsTrackedCallsAreCountedByTheFilesExpectations() async throws {
        let scenario = try ScenarioLibrary.load("default")
        let steps = await ReportStepPlayback.evaluator(for: scenario)
        let run = await ScenarioRunner(scenario: scenario, stepEvaluator: steps).run(app: { app in
            await app.requestAuthorization()
            _ = await app.requestLocation(ConsumerAction.LocationRequest(accuracy: 10))
        })
        #expect(run.passed, "\(run.text)")
        #expect(run.requests.map(\.outcome) == [.fix])
    }
}
