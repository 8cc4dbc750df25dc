import Foundation
import Geodata
import Location
import Testing

/// ``LocationJSON`` prints exactly what the CLI printed before it (the `JSONValue` rendering
/// with an `ISO8601DateFormatter` per value), for many fixes and dates.
@Suite struct LocationJSONTests {
    /// Today's rendering before ``LocationJSON``: Foundation's formatter, the CLI's number and
    /// string rules, keys in order. Kept here as the reference the encoder must equal.
    enum Reference {
        static func fix(_ fix: LocationFix) -> String {
            let members: [(String, String)] = [
                ("latitude", number(fix.coordinate.latitude.degrees)),
                ("longitude", number(fix.coordinate.longitude.degrees)),
                (
                    "formatted",
                    "{" + string("latitude") + ":" + string(fix.coordinate.latitude.formatted) + ","
                        + string("longitude") + ":" + string(fix.coordinate.longitude.formatted) + "}"
                ),
                ("horizontalAccuracy", number(fix.horizontalAccuracy)),
                ("altitude", number(fix.altitude)),
                ("time", fix.receiverTime.map { string(isoTime($0)) } ?? "null"),
                ("mode", string(fix.mode.rawValue)),
                ("source", string(fix.source.kind)),
            ]
            return "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }

        static func isoTime(_ date: Date) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: date)
        }

        static func number(_ value: Double?) -> String {
            guard let value, value.isFinite else { return "null" }
            if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
            return String(value)
        }

        static func string(_ value: String) -> String {
            var output = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output + "\""
        }
    }

    @Test func fixesPrintExactlyAsTheOldRenderingDid() throws {
        var generator = SystemRandomNumberGenerator()
        let accuracies: [Double?] = [nil, 0, 4, 4.5, 17.1, 1e-7, 1e15, 1e300, .nan, .infinity, -0.0]
        for index in 0..<5_000 {
            let latitude = index == 0 ? 90 : Double.random(in: -90...90, using: &generator)
            let longitude = index == 1 ? -180 : Double.random(in: -180...180, using: &generator)
            let seconds = Double.random(in: 0...4_000_000_000, using: &generator)
            let fix = LocationFix(
                coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                mode: index % 2 == 0 ? .threeDimensional : .twoDimensional,
                altitude: index % 3 == 0 ? nil : Double.random(in: -500...9000, using: &generator).rounded(),
                horizontalAccuracy: accuracies[index % accuracies.count],
                receiverTime: index % 7 == 0 ? nil : Date(timeIntervalSince1970: seconds),
                source: FixSource(kind: index % 5 == 0 ? "sce\"nario\u{1}\n" : "gpsd", name: "x"))
            #expect(LocationJSON.fix(fix) == Reference.fix(fix))
        }
    }

    @Test func timestampsEqualFoundationsFormatterAcrossYearsLeapDaysAndRounding() {
        var dates: [Date] = []
        // Every day boundary ± a millisecond fraction around leap days and year ends.
        for year in [1600, 1700, 1899, 1900, 1969, 1970, 1972, 1999, 2000, 2024, 2026, 2100, 2400, 9999] {
            for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (12, 31)] {
                var components = DateComponents()
                (components.year, components.month, components.day) = (year, month, day)
                components.timeZone = TimeZone(identifier: "UTC")
                guard let midnight = Calendar(identifier: .gregorian).date(from: components) else { continue }
                for offset in [-1.0, -0.0005, -0.0004, 0, 0.0004, 0.0005, 0.0006, 0.9995, 86_399.9996] {
                    dates.append(midnight.addingTimeInterval(offset))
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<6_000 {
            // Whole seconds plus a multiple of half a millisecond (the ties), and anything.
            let whole = Double.random(in: -12_000_000_000...250_000_000_000, using: &generator).rounded(.down)
            dates.append(
                Date(timeIntervalSince1970: whole + Double(Int.random(in: 0...2000, using: &generator)) / 2000))
            dates.append(Date(timeIntervalSince1970: Double.random(in: -1e10...4e9, using: &generator)))
        }
        dates.append(Date(timeIntervalSince1970: -1e13))  // before 1583: Foundation's own text
        var mismatches: [String] = []
        for date in dates where LocationJSON.isoTime(date) != Reference.isoTime(date) {
            mismatches.append(
                "\(date.timeIntervalSince1970): \(LocationJSON.isoTime(date)) ≠ \(Reference.isoTime(date))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(LocationJSON.isoTime(Date(timeIntervalSince1970: 1_795_433_400)) == "2026-11-23T11:30:00.000Z")
    }

    @Test func anAbsurdAccuracyIsUnknownInTextAndNullInJSON() throws {
        // Larger than the Earth's circumference: not a number to print (LocationFix's bounds).
        let fix = LocationFix(
            coordinate: try Coordinate(latitude: 52.2297, longitude: 21.0122), horizontalAccuracy: 1e300,
            source: FixSource(kind: "gpsd", name: ""))
        #expect(fix.description == "52.22970, 21.01220")
        #expect(LocationJSON.fix(fix).contains(#""horizontalAccuracy":null,"#))
    }

    @Test func statesErrorsAndDropsAreOneLineObjectsWithEscapedText() {
        #expect(
            LocationJSON.state(.providerUnavailable(endpoint: "h:1", reason: "a \"b\"\n\u{7}"))
                == #"{"state":"providerUnavailable","message":"location provider unavailable at h:1: a \"b\"\n\u0007"}"#
        )
        #expect(LocationJSON.state(.waitingForFix) == #"{"state":"waitingForFix","message":"waiting for a fix"}"#)
        #expect(
            LocationJSON.error(code: "noFix", message: "tab\there\\") == #"{"error":"noFix","message":"tab\there\\"}"#)
        #expect(LocationJSON.dropped(count: 12) == #"{"state":"dropped","count":12}"#)
        let codes: [LocationError] = [
            .notDetermined, .denied, .restricted, .noFix(waited: .seconds(1), lastSeen: nil),
            .providerUnavailable(endpoint: "x", reason: "y"), .cancelled,
        ]
        #expect(
            codes.map(LocationJSON.errorCode)
                == ["notDetermined", "denied", "restricted", "noFix", "providerUnavailable", "cancelled"])
    }
}
