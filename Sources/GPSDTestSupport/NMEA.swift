public import Foundation
import Geodata
import Scenarios

/// NMEA 0183 receiver epochs for the tests to feed a real gpsd (through gpsfake or a TCP
/// feed), in a receiver's terms (HDOP, knots). The sentences are written by Scenarios'
/// ``NMEAWriter`` and framed by ``NMEASentence`` — the package's one NMEA encoder and
/// checksum, the same that `petspot scenario export --nmea` uses.
///
/// ```swift
/// let epoch = NMEA.epoch(latitude: 52.2297, longitude: 21.0122, time: date)
/// // ["$GPGGA,120000.00,5213.782000,N,02100.732000,E,1,08,0.90,100.0,M,0.0,M,,*..",
/// //  "$GPRMC,120000.00,A,5213.782000,N,02100.732000,E,0.000,0.0,231126,,,A*.."]
/// ```
public enum NMEA {
    /// One receiver epoch: a GGA and an RMC sentence at `time`.
    ///
    /// - Parameters:
    ///   - latitude: degrees, `nil` for no fix (GGA quality 0, RMC status `V`).
    ///   - longitude: degrees, `nil` for no fix. A pair out of range is also no fix.
    ///   - altitude: meters above mean sea level.
    ///   - hdop: horizontal dilution of precision (gpsd derives `eph` from it; the writer
    ///     stores it as an accuracy of `hdop ×` ``NMEATrackReader/metersPerHDOP``).
    ///   - satellites: satellites used.
    ///   - speedKnots: speed over ground in knots.
    ///   - course: course over ground in degrees.
    ///   - time: the receiver's UTC time.
    public static func epoch(
        latitude: Double?, longitude: Double?, altitude: Double = 100, hdop: Double = 0.9,
        satellites: Int = 8, speedKnots: Double = 0, course: Double = 0, time: Date
    ) -> [String] {
        guard let latitude, let longitude, let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else {
            return NMEAWriter.noFixSentences(at: time)
        }
        let fix = ScenarioFix(
            coordinate: coordinate, horizontalAccuracy: hdop * NMEATrackReader.metersPerHDOP, altitude: altitude,
            speed: speedKnots * 1852 / 3600, course: course, satellites: satellites)
        // A receiver reports its geoid separation (these epochs said 0.0 before they were written
        // by NMEAWriter); without one gpsd looks it up in its geoid model for every fix.
        return NMEAWriter.sentences(for: fix, at: time, geoidSeparation: 0)
    }

    /// The epochs of a receiver standing at `latitude`, `longitude`: step `n` is at `start`
    /// plus `n × secondsPerStep` seconds. For ``NMEAFeedServer/sendRepeatedly(every:_:)``.
    ///
    /// ```swift
    /// let feeder = feed.sendRepeatedly(NMEA.standing(latitude: 52.2297, longitude: 21.0122, from: start))
    /// ```
    public static func standing(
        latitude: Double, longitude: Double, from start: Date, secondsPerStep: Double = 1
    ) -> @Sendable (Int) -> [String] {
        { step in
            epoch(
                latitude: latitude, longitude: longitude, time: start.addingTimeInterval(Double(step) * secondsPerStep))
        }
    }
}
