public import Foundation

/// NMEA 0183 sentences as a GPS receiver sends them, with correct checksums: the input the
/// tests feed to a real gpsd (through gpsfake or a TCP feed).
///
/// ```swift
/// let epoch = NMEA.epoch(latitude: 52.2297, longitude: 21.0122, time: date)
/// // ["$GPGGA,120000.00,5213.7820,N,02100.7320,E,1,08,0.9,100.0,M,0.0,M,,*..",
/// //  "$GPRMC,120000.00,A,5213.7820,N,02100.7320,E,0.0,0.0,231126,,,A*.."]
/// ```
public enum NMEA {
    /// `$body*HH`: the checksum is the XOR of every character between `$` and `*`.
    public static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)"
    }

    /// Whether `line` is `$…*HH` with a matching checksum.
    public static func hasValidChecksum(_ line: String) -> Bool {
        guard line.hasPrefix("$"), let star = line.lastIndex(of: "*") else { return false }
        let body = line[line.index(after: line.startIndex)..<star]
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return UInt8(line[line.index(after: star)...], radix: 16) == checksum
    }

    /// One receiver epoch: a GGA and an RMC sentence at `time`.
    ///
    /// - Parameters:
    ///   - latitude: degrees, `nil` for no fix (GGA quality 0, RMC status `V`).
    ///   - longitude: degrees, `nil` for no fix.
    ///   - altitude: meters above mean sea level.
    ///   - hdop: horizontal dilution of precision (gpsd derives `eph` from it).
    ///   - satellites: satellites used.
    ///   - time: the receiver's UTC time.
    public static func epoch(
        latitude: Double?, longitude: Double?, altitude: Double = 100, hdop: Double = 0.9,
        satellites: Int = 8, speedKnots: Double = 0, course: Double = 0, time: Date
    ) -> [String] {
        let (clock, date) = timeFields(time)
        guard let latitude, let longitude else {
            return [
                sentence("GPGGA,\(clock),,,,,0,00,99.9,,M,,M,,"),
                sentence("GPRMC,\(clock),V,,,,,,,\(date),,,N"),
            ]
        }
        let lat = angle(latitude, degreeDigits: 2, positive: "N", negative: "S")
        let lon = angle(longitude, degreeDigits: 3, positive: "E", negative: "W")
        return [
            sentence(
                "GPGGA,\(clock),\(lat),\(lon),1,\(twoDigits(satellites)),\(fixed(hdop, 1)),\(fixed(altitude, 1)),M,0.0,M,,"
            ),
            sentence("GPRMC,\(clock),A,\(lat),\(lon),\(fixed(speedKnots, 1)),\(fixed(course, 1)),\(date),,,A"),
        ]
    }

    /// `ddmm.mmmmmm,H`: degrees and decimal minutes with six decimals (about 0.2 mm), and
    /// the hemisphere.
    static func angle(_ degrees: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let magnitude = abs(degrees)
        var whole = Int(magnitude)
        var minutes = (magnitude - Double(whole)) * 60
        if (minutes * 1_000_000).rounded() >= 60_000_000 {
            whole += 1
            minutes = 0
        }
        let wholeText = String(whole)
        let padded = String(repeating: "0", count: max(0, degreeDigits - wholeText.count)) + wholeText
        let minutesText = fixed(minutes, 6)
        let minutesPadded = minutes < 10 ? "0" + minutesText : minutesText
        return "\(padded)\(minutesPadded),\(degrees < 0 ? negative : positive)"
    }

    /// `hhmmss.ss` and `ddmmyy` in UTC.
    static func timeFields(_ time: Date) -> (String, String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: time)
        let hundredths = (parts.nanosecond ?? 0) / 10_000_000
        let clock =
            twoDigits(parts.hour ?? 0) + twoDigits(parts.minute ?? 0) + twoDigits(parts.second ?? 0) + "."
            + twoDigits(hundredths)
        let date = twoDigits(parts.day ?? 1) + twoDigits(parts.month ?? 1) + twoDigits((parts.year ?? 2000) % 100)
        return (clock, date)
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// `value` with exactly `decimals` decimals, without Foundation's locale.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        var fraction = String(scaled % Int(scale))
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
