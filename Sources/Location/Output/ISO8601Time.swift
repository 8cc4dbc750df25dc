import Foundation
import OutsideInput

/// Writes `2026-11-23T11:30:00.000Z` with integer arithmetic: no formatter, no calendar, no
/// allocation beyond the output string's growth.
///
/// The text equals Foundation's `ISO8601DateFormatter` with `[.withInternetDateTime,
/// .withFractionalSeconds]` (checked by a sweep in the tests): the date becomes whole
/// milliseconds since 1970 the way Foundation rounds them (`⌊t · 1000 + 0.5⌋`, in
/// floating point, as its formatter does), and the day becomes a proleptic
/// Gregorian date by Howard Hinnant's `civil_from_days`. Foundation switches to the Julian
/// calendar before 15 October 1582 and writes years past 9999 its own way, so dates outside
/// 1583–9999 (never a receiver's) go through the formatter.
package enum ISO8601Time {
    /// Seconds from 1970-01-01 to 2001-01-01.
    static let referenceOffset: Int64 = 978_307_200
    /// 1583-01-01T00:00:00Z to 9999-12-31T23:59:58Z, in seconds since 2001.
    static let supported: ClosedRange<Double> = -13_190_860_800...252_423_993_598

    /// Appends the text of `date` to `output`.
    static func append(_ date: Date, to output: inout String) {
        let reference = date.timeIntervalSinceReferenceDate
        guard supported.contains(reference) else {
            output += fallback(date)
            return
        }
        // Foundation's rounding, exactly: milliseconds since 1970 plus a half, rounded down.
        // In range (checked above), so the conversion cannot trap.
        let totalMilliseconds = Int64(((reference + Double(referenceOffset)) * 1000 + 0.5).rounded(.down))
        let seconds = floorDivide(totalMilliseconds, 1000)
        let milliseconds = totalMilliseconds - seconds * 1000
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDays.date(fromDays: days)
        // Fixed width in the supported range: "YYYY-MM-DDTHH:MM:SS.mmmZ", 24 bytes, appended as
        // "YYYY-MM-DDT" and "HH:MM:SS.mmmZ": a string of at most 15 bytes is kept inline, so
        // neither half allocates (one 24-byte string did, once per fix of `watch --json`).
        output += String(unsafeUninitializedCapacity: 11) { bytes in
            var text = DigitWriter(bytes: bytes)
            text.put(year, digits: 4, then: "-")
            text.put(month, digits: 2, then: "-")
            text.put(day, digits: 2, then: "T")
            return text.count
        }
        output += String(unsafeUninitializedCapacity: 13) { bytes in
            var text = DigitWriter(bytes: bytes)
            text.put(secondOfDay / 3600, digits: 2, then: ":")
            text.put(secondOfDay / 60 % 60, digits: 2, then: ":")
            text.put(secondOfDay % 60, digits: 2, then: ".")
            text.put(milliseconds, digits: 3, then: "Z")
            return text.count
        }
    }

    /// Writes zero-padded numbers, each followed by a separator, into a string's bytes.
    private struct DigitWriter {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        /// Bytes written so far.
        var count = 0

        /// `value` in `digits` digits (its last ones), then `separator`.
        mutating func put(_ value: Int64, digits: Int, then separator: Unicode.Scalar) {
            var rest = value
            for position in stride(from: count + digits - 1, through: count, by: -1) {
                bytes[position] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
            }
            bytes[count + digits] = UInt8(ascii: separator)
            count += digits + 1
        }
    }

    /// `value / divisor` rounded toward negative infinity (`divisor` > 0).
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    /// Foundation's text, for dates no receiver reports (before 1583, after 9999, not finite).
    private static func fallback(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
