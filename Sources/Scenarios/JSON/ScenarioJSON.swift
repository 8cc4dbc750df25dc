import Geodata
import Location
public import PetSpotJSON

/// The JSON forms of scenario runs, in a documented key order.
public enum ScenarioJSON {
    /// `{"scenario", "title", "entries": [{"time", "who", "event", "latitude", "longitude",
    /// "accuracy", "status", "authorization", "provider"}], "expectations": [{"expectation", "passed", "actual", "message"}],
    /// "virtualSeconds", "passed"}`.
    public static func run(_ run: ScenarioRun) -> JSONValue {
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
                            ("latitude", .number(entry.fix?.coordinate.latitude.degrees)),
                            ("longitude", .number(entry.fix?.coordinate.longitude.degrees)),
                            ("accuracy", .number(entry.fix?.horizontalAccuracy)),
                            ("status", .string(entry.status)),
                            ("authorization", .string(entry.authorization)),
                            ("provider", .string(entry.providerRunning ? "running" : "stopped")),
                        ])
                    })
            ),
            ("expectations", .array(run.checks.map(check))),
            ("virtualSeconds", .number(Self.seconds(run.duration))),
            ("passed", .bool(run.passed)),
        ])
    }

    /// What `scenario list --json` prints: `[{"name", "title", "authorization", "default",
    /// "expectations"}]`.
    public static func list(_ scenarios: [Scenario]) -> JSONValue {
        let items = scenarios.map { scenario -> JSONValue in
            .object([
                ("name", .string(scenario.name)), ("title", .string(scenario.title)),
                ("authorization", .string(scenario.authorization.description)),
                ("default", .bool(scenario.name == ScenarioLibrary.defaultName)),
                ("expectations", .number(Double(scenario.expectations.count))),
            ])
        }
        return .array(items)
    }

    /// `{"scenario", "passed", "expectations": […], "virtualSeconds"}`.
    public static func checkSummary(_ run: ScenarioRun) -> JSONValue {
        .object([
            ("scenario", .string(run.scenario.name)),
            ("passed", .bool(run.passed && run.consumerFinished)),
            ("expectations", .array(run.checks.map(check))),
            ("virtualSeconds", .number(Self.seconds(run.duration))),
        ])
    }

    public static func check(_ result: ExpectationResult) -> JSONValue {
        .object([
            ("expectation", .string(result.expectation.description)),
            ("passed", .bool(result.passed)),
            ("actual", .string(result.actual)),
            ("message", .string(result.message)),
        ])
    }

    /// Seconds as a `Double`.
    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
