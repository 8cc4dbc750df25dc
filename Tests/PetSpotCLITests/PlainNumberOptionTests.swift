import Foundation
import LocationTestSupport
import Testing

/// Numbers typed as options take plain decimal notation only: `Double(String)` would read
/// `0x10` as 16, and also takes exponents, `nan` and `inf`.
@Suite("numbers in options", .serialized, .timeLimit(.minutes(2)))
struct PlainNumberOptionTests {
    static let notDecimal = ["0x10", "0x1p4", "1e5", "nan", "inf", "infinity", "-inf", "1_000", "١٢", "1.2.3", ""]

    @Test(arguments: notDecimal)
    func radiusRefusesANumberThatIsNotPlainDecimal(value: String) async throws {
        let run = try await PetSpotProcess.run(["radius", "--center", "52.2297,21.0122", "--km", value])
        #expect(run.status == 64, "\(run.stdout)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("plain decimal number"), "\(run.stderr)")
    }

    @Test(arguments: [
        ["locate", "--scenario", "default", "--timeout", "0x10"],
        ["locate", "--scenario", "default", "--accuracy", "inf"],
        ["scenario", "run", "default", "--speed", "1e5"],
        ["nearby", "--from", "52.2297,21.0122", "--reports", "-", "--margin-km", "0x1"],
        ["record", "--gpsd", "127.0.0.1:1", "--duration", "nan", "out.yaml"],
        ["report", "missing", "--answers", "a.yaml", "--location-timeout", "1e1"],
    ])
    func everyNumberOptionRefusesHexExponentsNanAndInf(arguments: [String]) async throws {
        let run = try await PetSpotProcess.run(arguments, timeout: 20)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("is not a plain decimal number"), "\(run.stderr)")
    }

    @Test(arguments: [
        ("15", "±15 km"), ("2.5", "±2.5 km"), ("-0", "Area: 0.000 km²"), ("+7", "±7 km"), (".5", "±500 m"),
    ])
    func plainDecimalNumbersStillWork(value: String, expected: String) async throws {
        let run = try await PetSpotProcess.run(["radius", "--center", "52.2297,21.0122", "--km", value])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(expected), "\(run.stdout)")
    }
}
