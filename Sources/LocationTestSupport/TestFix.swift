import Geodata
public import Location

/// A fix at `latitude`, `longitude` with accuracy `accuracy` (meters), from the manual
/// provider's source.
///
/// - Throws: `CoordinateFieldError` when the numbers are out of range.
public func testFix(_ latitude: Double, _ longitude: Double, accuracy: Double? = 5) throws -> LocationFix {
    LocationFix(
        coordinate: try Coordinate(latitude: latitude, longitude: longitude), mode: .twoDimensional,
        horizontalAccuracy: accuracy, source: FixSource(kind: "manual", name: "test"))
}
