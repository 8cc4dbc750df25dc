public import Geodata

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The latitudes and longitudes that hold every point within a geodesic distance of a centre on
/// the WGS 84 ellipsoid: what a store asks its index for before it measures each candidate
/// with `geod_inverse`. Never smaller than the disc (a little larger: the bounds below), so a
/// search that keeps the candidates within the distance misses none.
///
/// Why it holds: along any path of length `s`, latitude changes by at most `s / M` and
/// longitude by at most `s / (N cos φ)`, where `M ≥ a(1 − e²)` and `N ≥ a` are the ellipsoid's
/// radii of curvature and `φ` the path's latitude furthest from the equator, which the latitude
/// bound keeps inside the box. A box that reaches a pole holds every longitude.
///
/// ```swift
/// let box = GeodesicBox(around: warsaw, meters: 15_000)
/// box.latitudes      // 52.09…52.37
/// box.longitudes     // [20.79…21.23]
/// ```
public struct GeodesicBox: Sendable, Hashable {
    /// Southernmost ... northernmost latitude, degrees.
    public let latitudes: ClosedRange<Double>
    /// One range, or two when the box crosses the antimeridian; every longitude
    /// (`-180...180`) when it reaches a pole or is wider than the globe.
    public let longitudes: [ClosedRange<Double>]

    /// Metres of the shortest degree of latitude (the meridian at the equator, `π/180 · a(1 − e²)`).
    static let shortestLatitudeDegree = 110_574.27
    /// Metres of a degree of longitude on the equator's circle (`π/180 · a`), the most a degree of a
    /// parallel at latitude `φ` can be short of, divided by `cos φ`.
    static let equatorDegree = 111_319.49

    /// The box around `center` that holds every point at most `meters` away (geodesic).
    /// A negative or non-finite distance is taken as 0 or as the whole globe.
    public init(around center: Coordinate, meters: Double) {
        let reach = meters.isNaN ? Double.infinity : max(0, meters)
        // 1 m and 0.1 % more: rounding of degrees and of the constants never shrinks the box.
        let latitudeSpan = (reach * 1.001 + 1) / Self.shortestLatitudeDegree
        let south = center.latitude.degrees - latitudeSpan
        let north = center.latitude.degrees + latitudeSpan
        latitudes = max(-90, south)...min(90, north)
        let furthest = min(90, max(abs(south), abs(north)))
        let cosine = furthest >= 90 ? 0 : cos(furthest * .pi / 180)
        let longitudeSpan = cosine > 0 ? (reach * 1.001 + 1) / (Self.equatorDegree * cosine) : .infinity
        guard longitudeSpan < 180 else {
            longitudes = [-180...180]
            return
        }
        let west = center.longitude.degrees - longitudeSpan
        let east = center.longitude.degrees + longitudeSpan
        if west < -180 {
            longitudes = [(west + 360)...180, -180...east]
        } else if east > 180 {
            longitudes = [west...180, -180...(east - 360)]
        } else {
            longitudes = [west...east]
        }
    }

    /// Whether the box is the whole globe: every place is inside it.
    public var isWholeGlobe: Bool {
        latitudes == -90...90 && longitudes == [-180...180]
    }

    /// Whether `coordinate` is inside.
    public func contains(_ coordinate: Coordinate) -> Bool {
        latitudes.contains(coordinate.latitude.degrees)
            && longitudes.contains { $0.contains(coordinate.longitude.degrees) }
    }
}
