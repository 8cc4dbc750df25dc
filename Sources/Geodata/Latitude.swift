/// A latitude in degrees, −90…90 inclusive, north positive.
///
/// ```swift
/// let latitude = try Latitude(degrees: 52.2297)
/// latitude.formatted   // "52.22970"
/// ```
public struct Latitude: CoordinateComponent {
    public static let axis = CoordinateAxis.latitude

    public let degrees: Double

    public init(degrees: Double) throws(CoordinateFieldError) {
        self.degrees = try Self.validated(degrees)
    }
}
