import Foundation
import Geodata
import Testing

/// Geodata's pair parser against GeographicLib's `GeoConvert -g`, an independent reader of
/// the same notations (decimal, `d`/`°` degrees with minutes and seconds, colon-separated
/// DMS, hemisphere letters before or after, a bare comma between two numbers): every
/// generated pair must be read by both, to the same degrees.
@Suite("Pair parsing against GeoConvert")
struct GeoConvertPairTests {
    static let seed: UInt64 = 0x4745_4F43_4F4E_5631

    /// Degrees, minutes and tenths of seconds of a value, written by the generator.
    struct Sexagesimal: Sendable {
        var degrees: Int
        var minutes: Int
        var tenthsOfSeconds: Int
        var negative: Bool

        var value: Double {
            let magnitude = Double(degrees) + Double(minutes) / 60 + Double(tenthsOfSeconds) / 36_000
            return negative ? -magnitude : magnitude
        }
        var seconds: String { "\(tenthsOfSeconds / 10).\(tenthsOfSeconds % 10)" }
        var minutesWithFraction: String { String(format: "%.4f", Double(minutes) + Double(tenthsOfSeconds) / 600) }
        func hemisphere(_ positive: String, _ negative: String) -> String { self.negative ? negative : positive }

        static func random(below limit: Int, using generator: inout SeededGenerator) -> Sexagesimal {
            Sexagesimal(
                degrees: Int.random(in: 0..<limit, using: &generator),
                minutes: Int.random(in: 0..<60, using: &generator),
                tenthsOfSeconds: Int.random(in: 0..<600, using: &generator),
                negative: Bool.random(using: &generator))
        }
    }

    /// The notations generated, each a function of a latitude and a longitude.
    static let notations: [(name: String, write: @Sendable (Sexagesimal, Sexagesimal) -> String)] = [
        ("decimal, comma", { String(format: "%.6f,%.6f", $0.value, $1.value) }),
        ("decimal, space", { String(format: "%.6f %.6f", $0.value, $1.value) }),
        ("integers, one comma", { "\($0.negative ? "-" : "")\($0.degrees),\($1.negative ? "-" : "")\($1.degrees)" }),
        (
            "d ' \" with hemispheres after",
            {
                "\($0.degrees)d\($0.minutes)'\($0.seconds)\"\($0.hemisphere("N", "S")) "
                    + "\($1.degrees)d\($1.minutes)'\($1.seconds)\"\($1.hemisphere("E", "W"))"
            }
        ),
        (
            "° ′ ″ with hemispheres after",
            {
                "\($0.degrees)°\($0.minutes)′\($0.seconds)″\($0.hemisphere("N", "S")) "
                    + "\($1.degrees)°\($1.minutes)′\($1.seconds)″\($1.hemisphere("E", "W"))"
            }
        ),
        (
            "colons with hemispheres after",
            {
                "\($0.degrees):\($0.minutes):\($0.seconds)\($0.hemisphere("N", "S")) "
                    + "\($1.degrees):\($1.minutes):\($1.seconds)\($1.hemisphere("E", "W"))"
            }
        ),
        (
            "colons with signs",
            {
                "\($0.negative ? "-" : "")\($0.degrees):\($0.minutes):\($0.seconds) "
                    + "\($1.negative ? "-" : "")\($1.degrees):\($1.minutes):\($1.seconds)"
            }
        ),
        (
            "colons, hemispheres first",
            {
                "\($0.hemisphere("N", "S"))\($0.degrees):\($0.minutes):\($0.seconds) "
                    + "\($1.hemisphere("E", "W"))\($1.degrees):\($1.minutes):\($1.seconds)"
            }
        ),
        (
            "d with decimal minutes, longitude first",
            {
                "\($1.degrees)d\($1.minutesWithFraction)'\($1.hemisphere("E", "W")) "
                    + "\($0.degrees)d\($0.minutesWithFraction)'\($0.hemisphere("N", "S"))"
            }
        ),
        (
            "colons with decimal minutes",
            {
                "\($0.degrees):\($0.minutesWithFraction)\($0.hemisphere("N", "S")) "
                    + "\($1.degrees):\($1.minutesWithFraction)\($1.hemisphere("E", "W"))"
            }
        ),
    ]

    @Test func everyGeneratedPairReadsAsGeoConvertReadsIt() async throws {
        var generator = SeededGenerator(seed: Self.seed)
        var texts: [(notation: String, text: String)] = []
        for index in 0..<400 {
            let latitude = Sexagesimal.random(below: 90, using: &generator)
            let longitude = Sexagesimal.random(below: 180, using: &generator)
            let notation = Self.notations[index % Self.notations.count]
            texts.append((notation.name, notation.write(latitude, longitude)))
        }
        let reference = try await ReferenceTool.numbers(
            ReferenceTool.run("GeoConvert", ["-g", "-p", "4"], lines: texts.map(\.text)), count: 2)
        try #require(reference.count == texts.count)
        for ((notation, text), expected) in zip(texts, reference) {
            do {
                let coordinate = try Coordinate(parsing: text)
                // -p 4 prints 9 decimals; the fifth decimal must agree, and it does far closer.
                #expect(
                    (coordinate.latitude.degrees - expected[0]).magnitude < 1e-8
                        && (coordinate.longitude.degrees - expected[1]).magnitude < 1e-8,
                    "\(notation): \(text) read as \(coordinate.latitude.degrees), \(coordinate.longitude.degrees); GeoConvert \(expected)"
                )
                #expect(
                    coordinate.latitude.formatted == String(format: "%.5f", expected[0])
                        || (coordinate.latitude.degrees - expected[0]).magnitude < 1e-9, "\(text)")
            } catch {
                Issue.record("\(notation): \(text) refused (\(error)); GeoConvert reads \(expected)")
            }
        }
    }

    /// What GeoConvert refuses, the parser refuses too: out of range, minutes of 60, three values.
    @Test func pairsGeoConvertRefusesAreRefused() async throws {
        let texts = [
            "91 0", "52:60N 21E", "52d13'60\"N 21E", "1 2 3 4", "52.5:13N 21E",
            "1" + String(repeating: "0", count: 300) + " 21",
        ]
        let lines = try await ReferenceTool.run("GeoConvert", ["-g"], lines: texts, allowingFailure: true)
        try #require(lines.count == texts.count)
        for (text, line) in zip(texts, lines) {
            #expect(line.hasPrefix("ERROR"), "GeoConvert read \(text) as \(line)")
            #expect(throws: CoordinateParseError.self, "\(text)") { try Coordinate(parsing: text) }
        }
    }
}
