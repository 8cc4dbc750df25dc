import Benchmark
import Foundation
import Geodata
import Location

/// The fix encoder `watch --json` and the service call once per fix, and the choice of its
/// timestamp writer: `LocationJSON.isoTime` (a fixed ISO-8601 writer, integer civil-from-days
/// arithmetic) against Foundation's `Date.ISO8601FormatStyle` created once, an
/// `ISO8601DateFormatter` created once, and one created per value (what the CLI did before).
func encodingBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo,
        maxDuration: .seconds(3))
    let dates = (0..<1024).map { Date(timeIntervalSince1970: 1_560_000_000 + Double($0) * 1.0013) }

    Benchmark("iso time: fixed writer (LocationJSON.isoTime)", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations { blackHole(LocationJSON.isoTime(dates[index & 1023])) }
    }
    Benchmark("iso time: Date.ISO8601FormatStyle created once", configuration: configuration) { benchmark in
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for index in benchmark.scaledIterations { blackHole(style.format(dates[index & 1023])) }
    }
    Benchmark("iso time: ISO8601DateFormatter created once", configuration: configuration) { benchmark in
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for index in benchmark.scaledIterations { blackHole(formatter.string(from: dates[index & 1023])) }
    }
    Benchmark(
        "iso time: ISO8601DateFormatter per value (before)",
        configuration: .init(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds, scalingFactor: .one,
            maxDuration: .seconds(3))
    ) { benchmark in
        for index in benchmark.scaledIterations {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            blackHole(formatter.string(from: dates[index & 1023]))
        }
    }
    Benchmark("json: LocationJSON.fix, one fix line", configuration: configuration) { benchmark in
        let fixes = try dates.map { date in
            LocationFix(
                coordinate: try Coordinate(latitude: 52.2297, longitude: 21.0122), mode: .threeDimensional,
                altitude: 100, horizontalAccuracy: 4.2, receiverTime: date, source: FixSource(kind: "gpsd", name: ""))
        }
        for index in benchmark.scaledIterations { blackHole(LocationJSON.fix(fixes[index & 1023])) }
    }
}
