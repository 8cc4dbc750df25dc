public import Geodata

/// Transforms WGS84 coordinates into other coordinate reference systems with PROJ
/// (`proj_create_crs_to_crs` and `proj_trans`), for example into Poland's `EPSG:2180` or a
/// UTM zone, where a flat map in metres is needed.
///
/// ```swift
/// let transformer = try CRSTransformer()
/// let point = try await transformer.transform(warsaw, to: "EPSG:2180")
/// point.x   // 637382.20… (easting, m)
/// point.y   // 486757.20… (northing, m)
/// ```
///
/// Each transformer owns one PROJ context, used only inside the actor, so PROJ never sees it
/// from two threads at once. Creating an operation is slow (a `proj.db` lookup), so each
/// target's operation is made once and cached. Axes are always x = east, y = north
/// (`proj_normalize_for_visualization`), whatever order the CRS's definition uses.
public actor CRSTransformer {
    private let context: ProjContext
    private let source: ProjObject
    private var operations: [String: ProjObject] = [:]

    /// The source system: WGS84 longitude/latitude, as every `Coordinate` is.
    public static let sourceCRS = "EPSG:4326"

    /// Creates a transformer with its own PROJ context.
    ///
    /// - Parameter searchPaths: Where PROJ looks for `proj.db`; `nil` uses `PROJ_DATA` and
    ///   then the installed default (`/usr/share/proj`).
    /// - Throws: ``ProjectionError/databaseUnavailable(message:)`` when `proj.db` cannot be
    ///   read, with PROJ's own message.
    public init(searchPaths: [String]? = nil) throws(ProjectionError) {
        let context = try ProjContext(searchPaths: searchPaths)
        self.context = context
        source = try context.crs(Self.sourceCRS)
    }

    /// `coordinate` in `crs` (`"EPSG:2180"`, `"EPSG:32634"`, a PROJ string or WKT).
    ///
    /// - Throws: ``ProjectionError`` when PROJ does not know `crs`, has no operation to it, or
    ///   cannot transform this point (outside the projection's domain); each with PROJ's message.
    public func transform(_ coordinate: Coordinate, to crs: String) throws(ProjectionError) -> ProjectedPoint {
        let operation = try self.operation(to: crs)
        switch context.forward(operation, x: coordinate.longitude.degrees, y: coordinate.latitude.degrees) {
        case .success(let point): return ProjectedPoint(x: point.x, y: point.y, crs: crs)
        case .failure(let message): throw .transformFailed(coordinate, crs: crs, message: message.text)
        }
    }

    /// The name PROJ gives `crs`, e.g. `"ETRF2000-PL / CS92"` for `EPSG:2180`.
    ///
    /// - Throws: ``ProjectionError/unknownCRS(_:message:)`` when PROJ does not know it.
    public func name(of crs: String) throws(ProjectionError) -> String {
        context.name(of: try context.crs(crs))
    }

    /// The UTM zone CRS (WGS84) for a coordinate: `EPSG:326zz` north of the equator,
    /// `EPSG:327zz` south of it (zones by longitude only, without the Norway/Svalbard exceptions).
    public nonisolated static func utmZoneCRS(for coordinate: Coordinate) -> String {
        let zone = min(Int(((coordinate.longitude.degrees + 180) / 6).rounded(.down)) + 1, 60)
        let base = coordinate.latitude.degrees >= 0 ? 32600 : 32700
        return "EPSG:\(base + zone)"
    }

    private func operation(to crs: String) throws(ProjectionError) -> ProjObject {
        if let cached = operations[crs] { return cached }
        let target = try context.crs(crs)
        let operation = try context.operation(from: source, to: target, names: (Self.sourceCRS, crs))
        operations[crs] = operation
        return operation
    }
}
