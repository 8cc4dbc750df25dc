/// Why a text could not be read as a latitude/longitude pair.
///
/// The ``description`` is a message a person can act on:
///
/// ```swift
/// do { _ = try Coordinate(parsing: "52.2297") }
/// catch { print(error) }   // "Expected a latitude and a longitude, found 1 value"
/// ```
public enum CoordinateParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// A character that has no place in a coordinate, at a 1-based character position.
    case unexpectedCharacter(String, position: Int)
    /// Not exactly two values.
    case wrongValueCount(Int)
    /// Commas that could be decimal separators or the pair separator.
    case ambiguousCommas
    /// A number written wrongly, such as `1.2.3`.
    case malformedNumber(String)
    /// A value with both a sign and a hemisphere letter, such as `-52 S`.
    case signAndHemisphere
    /// Both values carry hemisphere letters of the same axis, such as `52 N 21 S`.
    case sameAxisTwice(CoordinateAxis)
    /// Degrees–minutes–seconds that do not add up: minutes or seconds of 60 or more,
    /// or a fraction before a further part (`52.5°13′`).
    case invalidSexagesimal(String)
    /// A `geo:` URI in a reference system other than WGS84.
    case unsupportedReferenceSystem(String)
    /// A value that was read but is not valid for its axis.
    case invalidValue(CoordinateAxis, CoordinateFieldError)

    public var description: String {
        switch self {
        case .empty:
            "Enter a latitude and a longitude, for example 52.2297, 21.0122"
        case .unexpectedCharacter(let character, let position):
            "Unexpected '\(character)' at character \(position)"
        case .wrongValueCount(let count):
            "Expected a latitude and a longitude, found \(count) value\(count == 1 ? "" : "s")"
        case .ambiguousCommas:
            "Ambiguous commas: write 52.2297, 21.0122 (comma between values) or 52,2297 21,0122 (decimal commas)"
        case .malformedNumber(let text):
            "'\(text)' is not a number"
        case .signAndHemisphere:
            "A value has both a sign and a hemisphere letter; use one of them"
        case .sameAxisTwice(let axis):
            "Both values are marked as \(axis.name.lowercased())s; use N/S for one and E/W for the other"
        case .invalidSexagesimal(let reason):
            "Invalid degrees, minutes and seconds: \(reason)"
        case .unsupportedReferenceSystem(let crs):
            "Only WGS84 coordinates are supported, not crs=\(crs)"
        case .invalidValue(let axis, let error):
            "\(axis.name): \(error.description)"
        }
    }
}
