/// A point on the Earth: a validated latitude and longitude (WGS84 degrees).
///
/// ```swift
/// let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
/// warsaw.formatted                                   // "52.22970, 21.01220"
/// let same = try Coordinate(parsing: "52°13′47″N 21°0′44″E")
/// ```
///
/// Encoded as `{"latitude": 52.2297, "longitude": 21.0122}`; decoding checks the ranges.
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// North–south position.
    public var latitude: Latitude
    /// East–west position.
    public var longitude: Longitude

    /// Creates a coordinate from values that are already valid.
    public init(latitude: Latitude, longitude: Longitude) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate from degrees, checking both.
    ///
    /// - Throws: ``CoordinateFieldError`` for the first invalid value (latitude first).
    public init(latitude: Double, longitude: Double) throws(CoordinateFieldError) {
        self.latitude = try Latitude(degrees: latitude)
        self.longitude = try Longitude(degrees: longitude)
    }

    /// Parses a whole pair typed or pasted as one string; see ``CoordinatePairParser``.
    ///
    /// - Throws: ``CoordinateParseError`` saying what is wrong; ambiguous text is an error.
    public init(parsing text: some StringProtocol) throws(CoordinateParseError) {
        self = try CoordinatePairParser.parse(text)
    }

    /// `"52.22970, 21.01220"`: both values with five decimals.
    public var formatted: String { "\(latitude.formatted), \(longitude.formatted)" }

    /// Same as ``formatted``.
    public var description: String { formatted }
}
