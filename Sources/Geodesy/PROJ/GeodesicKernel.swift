internal import CProj

/// PROJ's geodesic solver for one ellipsoid: the `struct geod_geodesic` that `geod_init`
/// fills, owned here and freed in `deinit`, and the C calls on it, each behind a Swift method.
///
/// After `init` the C struct is only read (every geodesic function takes it as `const`), so
/// one kernel serves any number of threads at once.
final class GeodesicKernel: @unchecked Sendable {
    // @unchecked: `storage` is written once, by `geod_init` in `init`, and afterwards only
    // passed to C functions that take it as `const struct geod_geodesic *`; nothing mutates it.
    private let storage: UnsafeMutablePointer<geod_geodesic>

    /// The equatorial radius `a`, in metres.
    let equatorialRadius: Double
    /// The flattening `f`.
    let flattening: Double

    /// The corresponding C function is `geod_init`.
    init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        storage = .allocate(capacity: 1)
        geod_init(storage, equatorialRadius, flattening)
    }

    deinit {
        storage.deallocate()
    }

    /// The inverse problem: distance `s12` (metres) and the azimuths at both ends (degrees,
    /// clockwise from north, in (−180, 180]). The corresponding C function is `geod_inverse`.
    func inverse(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> (distance: Double, azimuth1: Double, azimuth2: Double) {
        Self.threeResults { geod_inverse(storage, latitude1, longitude1, latitude2, longitude2, &$0, &$1, &$2) }
    }

    /// The direct problem: where a geodesic of `distance` metres starting at `azimuth`
    /// ends, and its azimuth there. Longitude in [−180, 180]. The corresponding C function
    /// is `geod_direct`.
    func direct(
        latitude: Double, longitude: Double, azimuth: Double, distance: Double
    ) -> (latitude: Double, longitude: Double, azimuth: Double) {
        Self.threeResults { geod_direct(storage, latitude, longitude, azimuth, distance, &$0, &$1, &$2) }
    }

    /// Area (m², counter-clockwise positive) and perimeter (m) of the polygon through
    /// `vertices` (degrees), joined by geodesics; the ring closes by itself. Handles
    /// polygons that encircle a pole. The corresponding C function is `geod_polygonarea`.
    func polygonArea(_ vertices: [(latitude: Double, longitude: Double)]) -> (area: Double, perimeter: Double) {
        var latitudes = vertices.map(\.latitude)
        var longitudes = vertices.map(\.longitude)
        var area = 0.0
        var perimeter = 0.0
        latitudes.withUnsafeMutableBufferPointer { lats in
            longitudes.withUnsafeMutableBufferPointer { lons in
                geod_polygonarea(
                    storage, lats.baseAddress, lons.baseAddress, Int32(clamping: lats.count), &area, &perimeter)
            }
        }
        return (area, perimeter)
    }

    /// Runs a C function that writes its three results through pointers (`geod_inverse`,
    /// `geod_direct`), each starting at 0, and returns them in order.
    private static func threeResults(
        _ call: (inout Double, inout Double, inout Double) -> Void
    ) -> (Double, Double, Double) {
        var results = (0.0, 0.0, 0.0)
        call(&results.0, &results.1, &results.2)
        return results
    }
}
