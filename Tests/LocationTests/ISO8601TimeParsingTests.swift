import Foundation
import OutsideInput
import Testing

@testable import Location

/// `ISO8601Time.date(from:)`, the one reader of RFC 3339 times in GPX files and scenarios: what
/// `ISO8601DateFormatter` read from the same text, to the millisecond, without the ICU parser
/// that died with SIGFPE on a long fraction.
struct ISO8601TimeParsingTests {
    static func seconds(_ text: String) -> Double? {
        ISO8601Time.date(from: text)?.timeIntervalSince1970
    }

    @Test(arguments: [
        ("2026-05-01T12:00:00Z", 1_777_636_800.0),
        ("2026-05-01T12:00:00.5Z", 1_777_636_800.5),
        ("2026-05-01T12:00:00.25Z", 1_777_636_800.25),
        ("2026-05-01T12:00:00.123Z", 1_777_636_800.123),
        ("2026-05-01T12:00:00.123999999999999999Z", 1_777_636_800.123),
        ("2026-05-01T14:00:00+02:00", 1_777_636_800.0),
        ("2026-05-01T07:30:00-04:30", 1_777_636_800.0),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("2000-02-29T23:59:59Z", 951_868_799.0),
        ("1970-01-01T00:00:00Z", 0.0),
        ("1583-01-01T00:00:00Z", -12_212_553_600.0),
        ("9999-12-31T23:59:59Z", 253_402_300_799.0),
    ])
    func internetTimesAreRead(text: String, expected: Double) {
        #expect(Self.seconds(text) == expected)
    }

    @Test(arguments: [
        "", "2026-05-01", "2026-05-01T12:00Z", "2026-05-01T12:00:00", "2026-05-01 12:00:00Z",
        "2026-5-01T12:00:00Z", "2026-05-01T10:00:0Z", "2026-05-01T10:00:0.0Z", "2026-13-01T12:00:00Z",
        "2026-00-10T12:00:00Z", "2026-02-29T12:00:00Z", "1900-02-29T12:00:00Z", "2026-04-31T12:00:00Z",
        "2026-05-01T24:00:00Z", "2026-05-01T12:60:00Z", "2026-05-01T12:00:61Z", "2026-05-01T12:00:00.Z",
        "2026-05-01T12:00:00+0200", "2026-05-01T12:00:00+24:00", "2026-05-01T12:00:00+02:60",
        "1582-12-31T23:59:59Z", "+2026-05-01T12:00:00Z", "2026-05-01T12:00:00Z ", "2026-05-01T12:00:00ZZ",
        "２０２６-05-01T12:00:00Z", "2026-05-01T12:00:00.1234567890123456789Z",
    ])
    func anythingElseIsNotATime(text: String) {
        #expect(ISO8601Time.date(from: text) == nil)
    }

    /// The text that killed `ISO8601DateFormatter` (SIGFPE in ICU's `SimpleDateFormat::subParse`
    /// from about 33 fraction digits on), found by `FuzzGPXTrack`: no time, and no crash.
    @Test(arguments: [20, 33, 40, 1000])
    func aFractionOfManyDigitsIsNoTimeAndNoCrash(digits: Int) {
        let text = "2026-05-01T10:00:00." + String(repeating: "1", count: digits) + "Z"
        #expect(ISO8601Time.date(from: text) == nil)
        #expect(ISO8601Time.date(from: "2026-05-01T10:00:0." + String(repeating: "1", count: digits) + "Z") == nil)
    }

    /// For every text both read, the same date as `ISO8601DateFormatter` (with and without
    /// fractional seconds, the way the readers used it), over random times 1583–9999.
    @Test func sameDatesAsISO8601DateFormatter() {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let seconds = Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator)
            let (year, month, day) = CivilDays.date(fromDays: Int64((Double(seconds) / 86_400).rounded(.down)))
            let secondOfDay = seconds - CivilDays.days(fromYear: year, month: month, day: day) * 86_400
            let offset = [0, 60, -330, 840].randomElement(using: &generator) ?? 0
            let fraction = ["", ".5", ".07", ".123", ".123456", ".999999999"].randomElement(using: &generator) ?? ""
            let local = secondOfDay + Int64(offset) * 60
            // Keep the local time inside the same day, so the text is easy to write.
            guard (0..<86_400).contains(local) else { continue }
            let zone =
                offset == 0
                ? "Z"
                : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 60, abs(offset) % 60)
            let text =
                String(
                    format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld", year, month, day, local / 3600,
                    local / 60 % 60,
                    local % 60) + fraction + zone
            let foundation = plain.date(from: text) ?? fractional.date(from: text)
            #expect(ISO8601Time.date(from: text) == foundation, "\(text)")
        }
    }

    @Test func whatTheWriterWritesReadsBackToTheMillisecond() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let milliseconds = Int64.random(in: -12_212_553_600_000...253_402_300_799_999, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = LocationJSON.isoTime(date)
            let read = ISO8601Time.date(from: text)
            #expect(read.map(LocationJSON.isoTime) == text)
        }
    }
}
