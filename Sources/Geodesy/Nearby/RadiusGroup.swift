import Geodata

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports whose radii share a power of two (in metres), sorted by latitude, with what the
/// bounds of ``NearbySearch`` need, in flat arrays.
struct RadiusGroup: Sendable {
    /// The meridian's smallest radius of curvature, a(1 − e²), in metres.
    static let minimumMeridianRadius: Double = {
        let a = 6_378_137.0
        let f = 1 / 298.257223563
        return a * (1 - f * (2 - f))
    }()

    private let latitudes: [Double]
    private let longitudes: [Double]
    private let points: [EarthCentred]
    private let radii: [Double]
    private let indices: [Int]
    private let largestRadius: Double

    /// The group a radius belongs to: its binary exponent; zero radii form their own group.
    static func radiusClass(_ meters: Double) -> Int {
        meters > 0 ? meters.exponent : Int.min
    }

    init(indices unsorted: [Int], reports: [NearbyReport]) {
        let order = unsorted.sorted {
            (reports[$0].coordinate.latitude.degrees, $0) < (reports[$1].coordinate.latitude.degrees, $1)
        }
        indices = order
        latitudes = order.map { reports[$0].coordinate.latitude.degrees }
        longitudes = order.map { reports[$0].coordinate.longitude.degrees }
        points = order.map { EarthCentred(reports[$0].coordinate) }
        radii = order.map { reports[$0].radius.meters }
        largestRadius = radii.max() ?? 0
    }

    /// Appends the group's reports within reach of `location`.
    func collect(
        near location: Coordinate, point: EarthCentred, margin: Double, reports: [NearbyReport],
        into found: inout [NearbyMatch]
    ) {
        let kernel = Geodesic.wgs84.kernel
        let latitude = location.latitude.degrees
        let longitude = location.longitude.degrees
        // Latitude band: |Δφ| · a(1 − e²) ≤ geodesic distance ≤ reach.
        let reach = Self.loosened(largestRadius + margin)
        let band = reach / Self.minimumMeridianRadius * (180 / Double.pi) * (1 + 1e-9) + 1e-9
        var index = firstIndex(atLeast: latitude - band)
        let top = latitude + band
        while index < latitudes.count, latitudes[index] <= top {
            defer { index += 1 }
            let limit = radii[index] + margin
            // Chord: the straight line is never longer than the geodesic.
            let bound = Self.loosened(limit)
            guard point.squaredDistance(to: points[index]) <= bound * bound else { continue }
            let meters = kernel.inverse(
                latitude1: latitude, longitude1: longitude, latitude2: latitudes[index],
                longitude2: longitudes[index]
            ).distance
            if meters <= limit {
                let original = indices[index]
                found.append(NearbyMatch(index: original, report: reports[original], meters: meters))
            }
        }
    }

    /// A reach widened far beyond the rounding error of the bounds: 1 mm plus 1e-9 of it.
    private static func loosened(_ meters: Double) -> Double {
        meters * (1 + 1e-9) + 1e-3
    }

    /// The first position whose latitude is at least `value` (binary search).
    private func firstIndex(atLeast value: Double) -> Int {
        var low = 0
        var high = latitudes.count
        while low < high {
            let middle = (low + high) / 2
            if latitudes[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A point's Earth-centred, Earth-fixed position on the WGS84 ellipsoid, in metres.
struct EarthCentred: Sendable {
    var x: Double
    var y: Double
    var z: Double

    init(_ coordinate: Coordinate) {
        let a = 6_378_137.0
        let f = 1 / 298.257223563
        let e2 = f * (2 - f)
        let phi = coordinate.latitude.degrees * .pi / 180
        let lambda = coordinate.longitude.degrees * .pi / 180
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        x = n * cosPhi * cos(lambda)
        y = n * cosPhi * sin(lambda)
        z = n * (1 - e2) * sinPhi
    }

    func squaredDistance(to other: EarthCentred) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        let dz = z - other.z
        return dx * dx + dy * dy + dz * dz
    }
}
