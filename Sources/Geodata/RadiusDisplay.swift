/// The location line of the Pet details screen (spec 003, FR-011): a place and how far
/// around it the pet may be, `Warsaw • ±15 km`.
///
/// ```swift
/// RadiusDisplay.line(place: "Warsaw", coordinate: nil, radius: try SearchRadius(kilometers: 15))
/// // "Warsaw • ±15 km"
/// RadiusDisplay.line(place: nil, coordinate: warsaw, radius: try SearchRadius(kilometers: 15))
/// // "52.22970, 21.01220 • ±15 km"
/// RadiusDisplay.line(place: nil, coordinate: nil, radius: nil)   // nil: the card shows "—"
/// ```
///
/// ## Radius rules
/// The radius is first rounded to whole metres, halves away from zero; then:
///
/// | radius | shown as | examples |
/// |---|---|---|
/// | 0 | nothing: the line is the place alone | `Warsaw` |
/// | under 0.5 m | `±1 m`, never `±0` | 0.2 m → `±1 m` |
/// | under 100 m | whole metres | 35 m → `±35 m` |
/// | under 1 km | nearest 10 m | 500 m → `±500 m`, 994 m → `±990 m`, 995 m → `±1 km` |
/// | under 10 km | nearest 0.1 km, no trailing `.0` | 1.25 km → `±1.3 km`, 2.04 km → `±2 km` |
/// | 10 km and more | nearest whole km | 15.4 km → `±15 km`, 9.96 km → `±10 km` |
///
/// Digits are ASCII, the decimal separator is always `.`, there is no digit grouping, and
/// the output is the same in every locale. The separator is a bullet with a space each side
/// (`" • "`, U+2022), as in the spec.
public enum RadiusDisplay {
    /// Between the place and the radius: `" • "`.
    public static let separator = " \u{2022} "

    /// The radius as shown: `"±15 km"`, `"±500 m"`; `nil` for a zero radius.
    public static func radiusText(_ radius: SearchRadius) -> String? {
        var meters = Int((radius.meters).rounded(.toNearestOrAwayFromZero))
        if meters == 0 {
            guard radius.meters > 0 else { return nil }
            meters = 1
        }
        if meters < 100 { return "±\(meters) m" }
        if meters < 1000 {
            let tens = (meters + 5) / 10 * 10
            if tens < 1000 { return "±\(tens) m" }
            meters = 1000
        }
        if meters < 10_000 {
            let tenths = (meters + 50) / 100
            if tenths < 100 {
                return tenths % 10 == 0 ? "±\(tenths / 10) km" : "±\(tenths / 10).\(tenths % 10) km"
            }
        }
        return "±\((meters + 500) / 1000) km"
    }

    /// The whole line: the place (or, without one, the coordinate with five decimals) and
    /// the radius.
    ///
    /// - Parameters:
    ///   - place: The place's name (the API's `location`). White space around it is
    ///     trimmed and runs of white space inside become one space; an empty name counts
    ///     as none.
    ///   - coordinate: Shown when there is no place name.
    ///   - radius: The search radius; `nil` or zero shows no radius.
    /// - Returns: `nil` when there is neither a place nor a coordinate (a radius alone
    ///   tells nothing): the card then shows its dash.
    public static func line(place: String?, coordinate: Coordinate?, radius: SearchRadius?) -> String? {
        guard let label = cleaned(place) ?? coordinate?.formatted else { return nil }
        guard let radius, let radiusText = radiusText(radius) else { return label }
        return label + separator + radiusText
    }

    /// ``line(place:coordinate:radius:)`` for the API's values, with the radius in kilometres.
    ///
    /// - Throws: ``RadiusError`` when the radius is not finite or outside 0…10,000 km.
    public static func line(place: String?, coordinate: Coordinate?, radiusKilometers: Double?)
        throws(RadiusError) -> String?
    {
        try line(place: place, coordinate: coordinate, radius: radiusKilometers.map(SearchRadius.init(kilometers:)))
    }

    private static func cleaned(_ place: String?) -> String? {
        guard let place else { return nil }
        let words = place.split(whereSeparator: { $0.isWhitespace })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
