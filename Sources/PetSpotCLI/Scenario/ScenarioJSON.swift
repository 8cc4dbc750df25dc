import Scenarios

/// The JSON forms of scenario runs, in a documented key order.
enum ScenarioJSON {
    /// `{"scenario", "title", "entries": [{"time", "who", "event", "authorization",
    /// "provider"}], "expectations": [{"expectation", "passed", "actual", "message"}],
    /// "virtualSeconds", "passed"}`.
    static func run(_ run: ScenarioRun) -> JSONValue {
        .object([
            ("scenario", .string(run.scenario.name)),
            ("title", .string(run.scenario.title)),
            (
                "entries",
                .array(
                    run.transcript.map { entry in
                        .object([
                            (
                                "time",
                                .number(
                                    Double(entry.time.components.seconds) + Double(entry.time.components.attoseconds)
                                        / 1e18)
                            ),
                            ("who", .string(entry.actor.rawValue)),
                            ("event", .string(entry.event)),
                            ("authorization", .string(entry.authorization)),
                            ("provider", .string(entry.providerRunning ? "running" : "stopped")),
                        ])
                    })
            ),
            ("expectations", .array(run.checks.map(check))),
            ("virtualSeconds", .number(run.duration.secondsValue)),
            ("passed", .bool(run.passed)),
        ])
    }

    /// `{"scenario", "passed", "expectations": […], "virtualSeconds"}`.
    static func checkSummary(_ run: ScenarioRun) -> JSONValue {
        .object([
            ("scenario", .string(run.scenario.name)),
            ("passed", .bool(run.passed && run.consumerFinished)),
            ("expectations", .array(run.checks.map(check))),
            ("virtualSeconds", .number(run.duration.secondsValue)),
        ])
    }

    static func check(_ result: ExpectationResult) -> JSONValue {
        .object([
            ("expectation", .string(result.expectation.description)),
            ("passed", .bool(result.passed)),
            ("actual", .string(result.actual)),
            ("message", .string(result.message)),
        ])
    }
}
