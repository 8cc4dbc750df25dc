public import Geodata

/// Why PROJ could not set up or run a coordinate transformation.
///
/// The ``description`` says what went wrong and ends with what PROJ itself logged:
///
/// ```swift
/// do { _ = try await transformer.transform(warsaw, to: "EPSG:99999") }
/// catch { print(error) }
/// // Unknown coordinate reference system 'EPSG:99999' (PROJ: proj_create: crs not found)
/// ```
public enum ProjectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// PROJ could not create a context.
    case contextUnavailable
    /// PROJ's database `proj.db` is missing or unreadable, so no CRS can be looked up.
    case databaseUnavailable(message: String)
    /// The text names no coordinate reference system PROJ knows (or is not a CRS).
    case unknownCRS(String, message: String)
    /// PROJ knows both systems but has no operation between them.
    case noTransformation(from: String, to: String, message: String)
    /// PROJ could not transform this coordinate (outside the projection's domain).
    case transformFailed(Coordinate, crs: String, message: String)

    public var description: String {
        switch self {
        case .contextUnavailable:
            "PROJ could not create a context"
        case .databaseUnavailable(let message):
            "PROJ cannot open its database proj.db; install proj-data or set PROJ_DATA\(Self.said(message))"
        case .unknownCRS(let crs, let message):
            "Unknown coordinate reference system '\(crs)'\(Self.said(message))"
        case .noTransformation(let source, let target, let message):
            "No transformation from \(source) to \(target)\(Self.said(message))"
        case .transformFailed(let coordinate, let crs, let message):
            "Cannot transform \(coordinate.formatted) to \(crs)\(Self.said(message))"
        }
    }

    private static func said(_ message: String) -> String {
        message.isEmpty ? "" : " (PROJ: \(message))"
    }
}
