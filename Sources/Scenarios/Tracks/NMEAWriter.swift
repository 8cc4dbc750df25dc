public import Foundation
import Geodata
import Location
import OutsideInput

/// Writes a scenario's receiver timeline as an NMEA 0183 log that gpsfake replays into a
/// real gpsd: one GGA and one RMC sentence per fix or no-fix event, with checksums.
///
/// Times are the scenario's ``Scenario/start`` plus each event's time. Latitude and
/// longitude are written with six decimals of minutes (about 2 mm), so the 5-decimal
/// degrees gpsd reports are those of the scenario. Accuracy is written as HDOP = accuracy
/// ÷ 5 m (``NMEATrackReader/metersPerHDOP``), speed in knots, altitude when the fix has
/// one (otherwise gpsd sees a 2D fix). Receiver-lost spans have no sentences; permission
/// events are not receiver data and are left out.
///
/// ```swift
/// let log = NMEAWriter.log(for: try ScenarioLibrary.load("walking-warsaw"))
/// try log.write(toFile: "walk.nmea", atomically: true, encoding: .utf8)
/// ```
public enum NMEAWriter {
    /// The whole log for `scenario`, one sentence per line (`\r\n`, as NMEA specifies).
    public static func log(for scenario: Scenario) -> String {
        var lines: [String] = []
        var lost = false
        for event in scenario.timeline {
            let time = scenario.start.addingTimeInterval(Double(event.time.milliseconds) / 1000)
            switch event.event {
            case .fix(let fix) where !lost: lines += sentences(for: fix, at: time)
            case .noFix where !lost: lines += noFixSentences(at: time)
            case .receiverLost: lost = true
            case .receiverBack: lost = false
            default: break
            }
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// GGA and RMC for `fix` at `time`.
    ///
    /// - Parameter geoidSeparation: the GGA's geoid separation in meters, when the receiver
    ///   reports one (left empty by default, as in scenario exports; gpsd then takes it from
    ///   its own geoid model, which costs it time per fix).
    public static func sentences(for fix: ScenarioFix, at time: Date, geoidSeparation: Double? = nil) -> [String] {
        let (clock, date) = timeFields(time)
        let latitude = angle(fix.coordinate.latitude.degrees, degreeDigits: 2, positive: "N", negative: "S")
        let longitude = angle(fix.coordinate.longitude.degrees, degreeDigits: 3, positive: "E", negative: "W")
        let satellites = fix.satellites.map { $0 < 10 ? "0\($0)" : String($0) } ?? ""
        let hdop = fix.horizontalAccuracy.map { decimal($0 / NMEATrackReader.metersPerHDOP, places: 2) } ?? ""
        let altitude = fix.altitude.map { decimal($0, places: 1) } ?? ""
        let separation = geoidSeparation.map { decimal($0, places: 1) + ",M" } ?? ","
        let gga =
            "GPGGA,\(clock),\(latitude),\(longitude),1,\(satellites),\(hdop),\(altitude),\(altitude.isEmpty ? "" : "M"),\(separation),,"
        let knots = fix.speed.map { decimal($0 * 3600 / 1852, places: 3) } ?? ""
        let course = fix.course.map { decimal($0, places: 1) } ?? ""
        let rmc = "GPRMC,\(clock),A,\(latitude),\(longitude),\(knots),\(course),\(date),,,A"
        return [NMEASentence.framed(gga), NMEASentence.framed(rmc)]
    }

    /// GGA with quality 0 and RMC with status `V`: the receiver reports, without a fix.
    public static func noFixSentences(at time: Date) -> [String] {
        let (clock, date) = timeFields(time)
        return [
            NMEASentence.framed("GPGGA,\(clock),,,,,0,00,,,,,,,"),
            NMEASentence.framed("GPRMC,\(clock),V,,,,,,,\(date),,,N"),
        ]
    }

    /// `hhmmss.ss` and `ddmmyy` in UTC.
    private static func timeFields(_ time: Date) -> (String, String) {
        let centiseconds = Int64(roundingSaturating: time.timeIntervalSince1970 * 100) ?? 0
        let days = centiseconds.quotientAndRemainder(dividingBy: 8_640_000)
        let dayCentiseconds = days.remainder
        let hours = dayCentiseconds / 360_000
        let minutes = dayCentiseconds / 6000 % 60
        let seconds = dayCentiseconds % 6000
        let clock = two(hours) + two(minutes) + two(seconds / 100) + "." + two(seconds % 100)
        let (year, month, day) = CivilDays.date(fromDays: days.quotient)
        return (clock, two(day) + two(month) + two(year % 100))
    }

    /// `ddmm.mmmmmm,H` (or `dddmm.mmmmmm,H`).
    private static func angle(_ degrees: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let micro = Int64(roundingSaturating: degrees.magnitude * 60 * 1_000_000) ?? 0
        let whole = micro / 60_000_000
        let minuteMicro = micro % 60_000_000
        var degreeText = String(whole)
        while degreeText.count < degreeDigits { degreeText = "0" + degreeText }
        let minuteWhole = minuteMicro / 1_000_000
        var fraction = String(minuteMicro % 1_000_000)
        while fraction.count < 6 { fraction = "0" + fraction }
        return "\(degreeText)\(two(minuteWhole)).\(fraction),\(degrees < 0 ? negative : positive)"
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }

    /// `value` with exactly `places` decimals, without Foundation's locale-dependent format.
    private static func decimal(_ value: Double, places: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64(roundingSaturating: value * Double(scale)) ?? 0
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        var fraction = String(magnitude % UInt64(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return "\(sign)\(magnitude / UInt64(scale)).\(fraction)"
    }
}
