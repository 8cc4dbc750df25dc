/// Reads a latitude/longitude pair typed or pasted as one string.
///
/// Accepted forms, with any white space around the parts:
///
/// | form | example |
/// |---|---|
/// | decimal, comma or white space between | `52.2297, 21.0122`, `52.2297 21.0122`, `52.2297;21.0122` |
/// | decimal commas, white space or `;` between | `52,2297 21,0122`, `52,2297; 21,0122` |
/// | `geo:` URI (RFC 5870) | `geo:52.2297,21.0122`, `geo:52.2297,21.0122,100;u=35` |
/// | hemisphere letters, before or after | `52.2297 N, 21.0122 E`, `S 33.8688 E 151.2093` |
/// | degrees, minutes, seconds | `52°13′47″N 21°0′44″E`, `52°13'47"N, 21°0'44"E`, `52°13.78′N 21°0.73′E` |
///
/// Without hemisphere letters the first value is the latitude. With them, `N`/`S` mark
/// the latitude and `E`/`W` the longitude, in either order; `S` and `W` negate.
/// Ambiguous text is an error, never a guess: `52,21` (one number with a decimal comma,
/// or two integers?) and `52,2297,21,0122` are rejected with a message saying how to write them.
public enum CoordinatePairParser {
    /// Parses `text` as a pair.
    ///
    /// - Throws: ``CoordinateParseError``.
    public static func parse(_ text: some StringProtocol) throws(CoordinateParseError) -> Coordinate {
        let (latitudeDegrees, longitudeDegrees) = try split(text)
        let latitude: Latitude
        let longitude: Longitude
        do { latitude = try Latitude(degrees: latitudeDegrees) } catch { throw .invalidValue(.latitude, error) }
        do { longitude = try Longitude(degrees: longitudeDegrees) } catch { throw .invalidValue(.longitude, error) }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Reads the two numbers of a pair, in degrees, without checking their ranges, so that a
    /// caller can validate each field on its own (an out-of-range latitude then does not hide
    /// a valid longitude).
    ///
    /// ```swift
    /// try CoordinatePairParser.split("95 N, 21 E")   // (latitude: 95.0, longitude: 21.0)
    /// ```
    ///
    /// - Throws: ``CoordinateParseError`` for anything but ``CoordinateParseError/invalidValue(_:_:)``.
    public static func split(_ text: some StringProtocol) throws(CoordinateParseError) -> (
        latitude: Double, longitude: Double
    ) {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        while start < scalars.count, scalars[start].properties.isWhitespace { start += 1 }
        var end = scalars.count
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        guard start < end else { throw .empty }
        let body = Array(scalars[start..<end])
        if let uri = GeoURI(body) {
            return try uri.degrees()
        }
        var lexer = PairLexer(body, offset: start)
        let tokens = try lexer.tokens()
        var reader = SexagesimalReader(tokens)
        let values = try reader.values()
        return try assign(values)
    }

    /// Decides which value is the latitude and applies hemisphere signs.
    private static func assign(_ values: [SexagesimalValue]) throws(CoordinateParseError) -> (
        latitude: Double, longitude: Double
    ) {
        guard values.count == 2 else { throw .wrongValueCount(values.count) }
        let first = values[0]
        let second = values[1]
        if (first.hemisphere != nil && first.hasSign) || (second.hemisphere != nil && second.hasSign) {
            throw .signAndHemisphere
        }
        let latitudeFirst: Bool
        switch (first.hemisphere?.axis, second.hemisphere?.axis) {
        case (let a?, let b?) where a == b: throw .sameAxisTwice(a)
        case (.longitude?, _), (_, .latitude?): latitudeFirst = false
        default: latitudeFirst = true
        }
        let (latitude, longitude) = latitudeFirst ? (first, second) : (second, first)
        return (latitude.signedDegrees, longitude.signedDegrees)
    }
}
