public import Geodata

/// A town of Debian's libgeonames: name, state, country, where it is and how many live there.
public struct Town: Sendable, Hashable {
    public let name: String
    public let state: String
    public let country: String
    /// ISO 3166 alpha-2 ("PL").
    public let countryCode: String
    public let coordinate: Coordinate
    public let population: Int
}

/// Why the towns cannot be used.
public enum PlacesError: Error, Equatable, CustomStringConvertible, Sendable {
    /// libgeonames cannot be opened: the text says which package to install.
    case libraryMissing(String)

    public var description: String {
        switch self {
        case .libraryMissing(let text): "town names are not available: \(text)"
        }
    }
}
