import Benchmark
import BenchmarkSupport
import CBaselines
import Foundation
import Geodata

#if canImport(Glibc)
    import Glibc
#endif

/// Geodata's hot paths against what a developer would otherwise use, in the same run:
/// formatting against `String(format:)` and C `snprintf`; parsing against `Double(String)`
/// (which validates nothing) and C `strtod`. Each iteration handles one value.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(3)
    )

    // A fixed seed: every run measures the same 1,024 texts, so runs compare.
    var generator = SplitMix64(seed: 0x5EED_CAFE)
    let values = (0..<1024).map { _ in Double.random(in: -180...180, using: &generator) }
    let texts = values.map { String(format: "%.6f", $0) }
    let cTexts = texts.map { Array($0.utf8CString) }
    let pairs = (0..<1024).map { i in "\(texts[i].dropLast(1)), \(texts[(i + 1) % 1024].dropLast(1))" }
    let dmsPairs = (0..<1024).map { i in
        let latitude = abs(values[i] / 2)
        let longitude = abs(values[(i + 1) % 1024])
        func dms(_ x: Double) -> String {
            let degrees = Int(x)
            let minutes = Int((x - Double(degrees)) * 60)
            let seconds = ((x - Double(degrees)) * 60 - Double(minutes)) * 60
            return "\(degrees)°\(minutes)′\(String(format: "%.1f", seconds))″"
        }
        return "\(dms(latitude))N \(dms(longitude))E"
    }

    // MARK: Five-decimal formatting

    Benchmark("format: Geodata FiveDecimalFormat") { benchmark in
        for i in benchmark.scaledIterations { blackHole(FiveDecimalFormat.string(values[i & 1023])) }
    }
    Benchmark("format: String(format: \"%.5f\")") { benchmark in
        for i in benchmark.scaledIterations { blackHole(String(format: "%.5f", values[i & 1023])) }
    }
    Benchmark("format: C snprintf into a buffer") { benchmark in
        var buffer = [CChar](repeating: 0, count: 32)
        for i in benchmark.scaledIterations {
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                petspot_format_five_decimals(pointer.baseAddress, 32, values[i & 1023])
            }
            blackHole(count)
        }
    }

    // MARK: Parsing a field's text

    Benchmark("parse: Geodata Longitude.parse (validates)") { benchmark in
        for i in benchmark.scaledIterations { blackHole(try? Longitude.parse(texts[i & 1023])) }
    }
    Benchmark("parse: Double(String) (validates nothing)") { benchmark in
        for i in benchmark.scaledIterations { blackHole(Double(texts[i & 1023])) }
    }
    Benchmark("parse: C strtod") { benchmark in
        for i in benchmark.scaledIterations {
            blackHole(
                cTexts[i & 1023].withUnsafeBufferPointer { text in
                    text.baseAddress.map { strtod($0, nil) } ?? 0
                })
        }
    }

    // MARK: Whole pairs

    Benchmark("pair: decimal \"52.229700, 21.012200\"") { benchmark in
        for i in benchmark.scaledIterations { blackHole(try? Coordinate(parsing: pairs[i & 1023])) }
    }
    Benchmark("pair: DMS \"52°13′47.0″N 21°0′44.0″E\"") { benchmark in
        for i in benchmark.scaledIterations { blackHole(try? Coordinate(parsing: dmsPairs[i & 1023])) }
    }
}
