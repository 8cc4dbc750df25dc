import ArgumentParser
import Foundation
import OutsideInput
import ScenarioSteps
import Scenarios

extension PetSpot.ScenarioCommand {
    /// `petspot scenario check [PATH…]`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play scenarios and check their expectations (all bundled ones by default).",
            discussion: """
                Plays each scenario instantly on a virtual clock and checks its `expect:` \
                list. Prints one line per scenario, and each failed expectation with its \
                file:line:column. A scenario whose app was still waiting when nothing more \
                could happen fails too.

                Exit status: 0 every scenario finished and every expectation held, 1 some \
                failed, 64 usage error, 65 a file has an error.
                """
        )

        @Argument(help: ArgumentHelp("Scenario names or files; none means every bundled one.", valueName: "name|path"))
        var scenarios: [String] = []

        @Flag(help: "Also print the wall-clock time the check took.")
        var timing = false

        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let references = scenarios.isEmpty ? ScenarioLibrary.bundledNames : scenarios
            var loaded: [Scenario] = []
            var brokenCount = 0
            for reference in references {
                do {
                    loaded.append(try ScenarioLibrary.load(reference))
                } catch {
                    printError(error.description)
                    brokenCount += 1
                }
            }
            let broken = brokenCount > 0
            let started = ContinuousClock.now
            var runs: [ScenarioRun] = []
            for scenario in loaded {
                let steps = await ReportStepPlayback.evaluator(for: scenario)
                runs.append(await ScenarioRunner(scenario: scenario, stepEvaluator: steps).run())
            }
            let wall = ContinuousClock.now - started
            let virtual = runs.reduce(Duration.zero) { $0 + $1.duration }
            let failed = runs.flatMap(\.checks).filter { !$0.passed }
            let unfinished = runs.filter { !$0.consumerFinished }.count
            let allPassed = failed.isEmpty && unfinished == 0
            let total = runs.reduce(0) { $0 + $1.checks.count }
            if output.json {
                var members: [(String, JSONValue)] = [
                    ("passed", .bool(allPassed && !broken)),
                    ("scenarios", .array(runs.map(ScenarioJSON.checkSummary))),
                    ("virtualSeconds", .number(virtual.secondsValue)),
                ]
                if timing { members.append(("wallClockSeconds", .number(wall.secondsValue))) }
                print(JSONValue.object(members).text)
            } else {
                for run in runs {
                    let failures = run.checks.filter { !$0.passed }
                    let mark = failures.isEmpty && run.consumerFinished ? "✓" : "✗"
                    print(
                        "\(mark) \(run.scenario.name.terminalSafe): \(run.checks.count - failures.count)/\(run.checks.count) expectations, \(ScenarioDuration(run.duration)) virtual"
                    )
                    if !run.consumerFinished {
                        print("    ✗ the app was still waiting when nothing more could happen")
                    }
                    for failure in failures { print("    ✗ \(failure.message.terminalSafe)") }
                }
                var summary = "\(runs.count) scenario\(runs.count == 1 ? "" : "s"), \(total) expectations: "
                // "all passed" only when every file was read: a file that could not be is no pass.
                summary += failed.isEmpty ? (broken ? "none failed" : "all passed") : "\(failed.count) failed"
                if unfinished > 0 {
                    summary += "; \(unfinished) scenario\(unfinished == 1 ? "" : "s") did not finish"
                }
                if broken { summary += "; \(brokenCount) file\(brokenCount == 1 ? "" : "s") could not be read" }
                summary += "; \(ScenarioDuration(virtual)) of virtual time"
                if timing { summary += " in \(String(format: "%.3f", wall.secondsValue)) s of wall-clock time" }
                print(summary + ".")
            }
            if broken { throw ExitCode(65) }
            if !allPassed { throw ExitCode(1) }
        }
    }
}

extension Duration {
    /// Seconds as a `Double`.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
