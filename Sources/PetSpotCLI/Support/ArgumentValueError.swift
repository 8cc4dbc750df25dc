import Geodata
import Geodesy

/// An argument that parses but is not a value the command can use: a pair that is not a
/// coordinate, a radius or margin out of range (Geodata's and Geodesy's messages).
///
/// A radius is checked in Geodata (``RadiusError``) and its circle in Geodesy; both are
/// ``radius(_:)``, the first converted with `GeodesyError(_:)`, which keeps its message.
enum ArgumentValueError: CommandFailure {
    /// The pair `text`, given as `name`, is not a valid coordinate.
    case coordinate(name: String, text: String, error: CoordinateParseError)
    /// `--margin-km` is not a usable distance.
    case margin(RadiusError)
    /// The radius, or the circle drawn from it, is not usable.
    case radius(GeodesyError)

    var message: String {
        switch self {
        case .coordinate(let name, let text, let error): "\(name) \"\(text)\": \(error.description)"
        case .margin(let error): "Margin: \(error.description)"
        case .radius(let error): error.description
        }
    }
}

extension SearchRadius {
    /// `kilometers` as a radius for a command: a value out of range is `failure` with
    /// Geodata's message (``ArgumentValueError/margin(_:)``, or ``ArgumentValueError/radius(_:)``
    /// through `GeodesyError(_:)`).
    static func argument(
        _ kilometers: Double, _ failure: (RadiusError) -> ArgumentValueError
    ) throws(ArgumentValueError) -> SearchRadius {
        do {
            return try SearchRadius(kilometers: kilometers)
        } catch {
            throw failure(error)
        }
    }
}
