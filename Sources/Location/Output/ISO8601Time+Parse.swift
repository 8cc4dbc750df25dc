package import Foundation
import OutsideInput

extension ISO8601Time {
    /// The date of an internet time (RFC 3339): `2026-05-01T12:00:00Z`, with optional fractional
    /// seconds (`.5`, `.123456`: 1 to 18 digits, kept to the millisecond and cut there, as
    /// Foundation's `ISO8601DateFormatter` keeps them) and `Z` or an offset `±HH:MM`; years
    /// 1583–9999. `nil` for anything else.
    ///
    /// Read here, with integer arithmetic, not with `ISO8601DateFormatter`: the ICU parser
    /// behind it on Linux dies with SIGFPE on a fraction of many digits (`10:00:0.0111…1Z`,
    /// found by `FuzzGPXTrack` after 6.3 million inputs), so a GPX file or a scenario's
    /// `start:` could kill the process. It also read one-digit fields (`10:00:0Z`); this
    /// reads what RFC 3339 writes.
    ///
    /// ```swift
    /// ISO8601Time.date(from: "2026-05-01T12:00:00.250+02:00")   // 2026-05-01T10:00:00.250Z
    /// ISO8601Time.date(from: "2026-02-30T12:00:00Z")            // nil
    /// ```
    package static func date(from text: some StringProtocol) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
            let day = reader.digits(2), reader.skip("T"), let hour = reader.digits(2), reader.skip(":"),
            let minute = reader.digits(2), reader.skip(":"), let second = reader.digits(2)
        else { return nil }
        var milliseconds: Int64 = 0
        if reader.skip(".") {
            guard let fraction = reader.fractionMilliseconds() else { return nil }
            milliseconds = fraction
        }
        let offsetSeconds: Int64
        if reader.skip("Z") {
            offsetSeconds = 0
        } else {
            let sign: Int64
            if reader.skip("+") {
                sign = 1
            } else if reader.skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = reader.digits(2), reader.skip(":"), let minutes = reader.digits(2), hours <= 23,
                minutes <= 59
            else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd, (1583...9999).contains(year), (1...12).contains(month),
            (1...CivilDays.daysIn(month: month, year: year)).contains(day), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let seconds =
            CivilDays.days(fromYear: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - offsetSeconds
        // As Foundation's formatter makes it: milliseconds since 1970, then seconds since 2001.
        return Date(
            timeIntervalSinceReferenceDate: Double(seconds * 1000 + milliseconds) / 1000 - Double(referenceOffset))
    }

    /// Reads a time's bytes from the front.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Exactly `count` decimal digits as a number.
        mutating func digits(_ count: Int) -> Int64? {
            guard bytes.count - index >= count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }

        /// 1 to 18 digits of a fraction of a second, as whole milliseconds (cut, not rounded).
        mutating func fractionMilliseconds() -> Int64? {
            var count = 0
            var milliseconds: Int64 = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if count < 3 { milliseconds = milliseconds * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            guard (1...18).contains(count) else { return nil }
            switch count {
            case 1: return milliseconds * 100
            case 2: return milliseconds * 10
            default: return milliseconds
            }
        }

        /// Skips `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
    }
}
