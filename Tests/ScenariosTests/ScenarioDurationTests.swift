import Scenarios
import Testing

@Suite("Scenario durations")
struct ScenarioDurationTests {
    @Test(arguments: [
        ("30s", 30_000), ("500ms", 500), ("2m", 120_000), ("1h", 3_600_000), ("1m30s", 90_000),
        ("1.5s", 1500), ("30", 30_000), ("0.25", 250), ("0", 0), (" 2s ", 2000), ("1h 2m 3s", 3_723_000),
        ("24h", 86_400_000),
    ])
    func readsDurationText(text: String, milliseconds: Int64) throws {
        #expect(try ScenarioDuration(parsing: text).milliseconds == milliseconds)
    }

    @Test(arguments: [
        ("", ScenarioDurationError.invalid("")), ("abc", .invalid("abc")), ("5 parsecs", .invalid("5 parsecs")),
        ("30s1m", .invalid("30s1m")), ("-1", .negative("-1")), ("25h", .tooLong("25h")),
        ("0.0001s", .tooPrecise("0.0001s")), ("1e400", .invalid("1e400")),
    ])
    func rejectsBadDurationsWithAReason(text: String, error: ScenarioDurationError) {
        #expect(throws: error) { try ScenarioDuration(parsing: text) }
    }

    @Test func describesAsSecondsWithAUnit() throws {
        #expect(try ScenarioDuration(parsing: "1m30s").description == "90s")
        #expect(try ScenarioDuration(parsing: "250ms").description == "0.25s")
    }
}
