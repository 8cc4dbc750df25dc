import ArgumentParser
import Location
import Scenarios

/// `--scenario NAME|PATH`, accepted by `locate` and `watch` in place of `--gpsd`: the
/// command's request is played through the scenario's provider and scripted permission, on
/// a virtual clock, instead of talking to gpsd.
struct ScenarioSourceOption: ParsableArguments {
    @Option(
        name: .customLong("scenario"),
        help: ArgumentHelp(
            "Play a scenario (bundled name or .yaml/.json file) instead of asking gpsd.", valueName: "name|path"))
    var reference: String?

    /// Plays the scenario with `actions` as the app's actions (its own consumer is replaced).
    func play(_ actions: [ConsumerAction]) async throws -> ScenarioRun? {
        guard let reference else { return nil }
        var scenario = try loadScenario(reference)
        scenario.consumer = actions
        return await ScenarioRunner(scenario: scenario).run()
    }
}
