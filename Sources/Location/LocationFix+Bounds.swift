public import Foundation

/// The ranges a ``LocationFix`` keeps numbers in.
///
/// Every number of a fix comes from outside (gpsd, a peer on its port, a receiver, a
/// scenario file), so the initializer keeps a value only when it is finite and inside its
/// range, and makes it `nil` (unknown) otherwise: an accuracy larger than the Earth's
/// circumference says nothing, and a `1e19` must never reach a conversion to an integer or a
/// form field. The ranges are wide enough for any real receiver on or near the Earth.
extension LocationFix {
    /// Horizontal and vertical accuracy, meters: 0 to the Earth's equatorial circumference
    /// (40,075,017 m).
    public static let accuracyRange: ClosedRange<Double> = 0...40_075_017

    /// Altitude, meters: from below the deepest ocean trench (−12,000 m) to the edge of space
    /// (the Kármán line, 100,000 m).
    public static let altitudeRange: ClosedRange<Double> = -12_000...100_000

    /// Speed over ground, meters per second: 0 to the Earth's escape velocity (11,200 m/s).
    public static let speedRange: ClosedRange<Double> = 0...11_200

    /// Course as reported, degrees: one turn either way (−360…360), then reduced to 0 ≤ course
    /// < 360. A larger angle is not a course.
    public static let courseRange: ClosedRange<Double> = -360...360

    /// Satellites used: 0 to 255, more than every navigation satellite in orbit together
    /// (about 150).
    public static let satellitesUsedRange: ClosedRange<Int> = 0...255

    /// The receiver's time: from the GPS epoch (1980-01-06T00:00:00Z) to before
    /// 2200-01-01T00:00:00Z. A receiver with the week-rollover bug reports times in the past,
    /// still inside; a time outside is not a receiver's clock.
    public static let receiverTimeRange: Range<Date> =
        Date(timeIntervalSince1970: 315_964_800)..<Date(timeIntervalSince1970: 7_258_118_400)
}

extension Optional<Double> {
    /// The value when finite and within `range`, else `nil`.
    func within(_ range: ClosedRange<Double>) -> Double? {
        self.flatMap { range.contains($0) ? $0 : nil }
    }
}
