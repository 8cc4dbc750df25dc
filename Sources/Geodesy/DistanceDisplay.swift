/// How far a report is, as a list shows it: whole metres under 1 km (`850 m`), kilometres
/// with one decimal from there on (`2.4 km`, `1.0 km`, `16989.3 km`).
///
/// Rounding is to the nearest, halves away from zero; a distance that rounds to 1,000 m is
/// `1.0 km`. Digits are ASCII, the decimal separator `.`, no digit grouping, in every locale.
///
/// ```swift
/// DistanceDisplay.text(meters: 2_408.3)   // "2.4 km"
/// DistanceDisplay.text(meters: 849.6)     // "850 m"
/// ```
public enum DistanceDisplay {
    /// The distance as shown; `—` for a value that is not a distance (negative, not finite,
    /// past half the Earth's circumference with room to spare).
    public static func text(meters: Double) -> String {
        guard meters.isFinite, (0...Geodesic.maximumDistance * 2).contains(meters) else { return "\u{2014}" }
        let whole = Int(meters.rounded(.toNearestOrAwayFromZero))
        if whole < 1000 { return "\(whole) m" }
        let tenths = Int((meters / 100).rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10) km"
    }
}
