/// A longitude in degrees, −180…180 inclusive, east positive.
///
/// ```swift
/// let longitude = try Longitude(degrees: 21.0122)
/// longitude.formatted   // "21.01220"
/// ```
public struct Longitude: CoordinateComponent {
    public static let axis = CoordinateAxis.longitude

    public let degrees: Double

    public init(degrees: Double) throws(CoordinateFieldError) {
        self.degrees = try Self.validated(degrees)
    }
}
