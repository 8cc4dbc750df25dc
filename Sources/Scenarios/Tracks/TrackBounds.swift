/// The bounds every number from a scenario file or a track must meet: anything beyond is
/// refused with an error at its line and column, never played (`Docs/Scenarios.md`, "Errors
/// and limits", has the same table).
///
/// Wide enough for any real receiver (an HDOP of 99.99 means "unknown" to many), narrow
/// enough that no value can overflow a conversion or a formatted transcript line.
enum TrackBounds {
    /// Horizontal and vertical accuracy in meters: 0 to 100,000 km.
    static let accuracy: ClosedRange<Double> = 0...100_000_000
    /// HDOP (accuracy = HDOP × 5 m): 0 to 10,000.
    static let hdop: ClosedRange<Double> = 0...10_000
    /// Altitude in meters: from below the deepest trench to well above low Earth orbit.
    static let altitude: ClosedRange<Double> = -12_000...1_000_000
    /// Speed in m/s.
    static let speed: ClosedRange<Double> = 0...100_000
    /// Speed in knots, as NMEA RMC gives it (the same bound as ``speed``).
    static let speedKnots: ClosedRange<Double> = 0...(100_000 * 3600 / 1852)
    /// Course in degrees from true north.
    static let course: ClosedRange<Double> = 0...360
    /// Satellites used.
    static let satellites: ClosedRange<Int> = 0...1000

    /// `"from 0 to 360"`.
    static func describe(_ range: ClosedRange<Double>) -> String {
        "from \(ScenarioWriter.number(range.lowerBound)) to \(ScenarioWriter.number(range.upperBound))"
    }
}
