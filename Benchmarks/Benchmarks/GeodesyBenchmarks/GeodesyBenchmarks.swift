import Benchmark
import BenchmarkSupport
import Geodata
import Geodesy

#if canImport(Glibc)
    import Glibc
#endif

/// Geodesy against its baselines, in the same run:
/// - `Geodesic.inverse` (the Swift wrapper) against PROJ's C `geod_inverse` called directly
///   (found with `dlsym` in the already loaded libproj, so no second module map is needed);
///   one pair per iteration;
/// - `NearbySearch.matches` against the exact brute force (`bruteForceMatches`, `geod_inverse`
///   to every report) at 10^4, 10^5 and 10^6 reports; one query per iteration.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(3)
    )

    // MARK: Wrapper overhead

    Benchmark("inverse: raw C geod_inverse") { benchmark in
        let raw = RawGeodesic.shared
        var s12 = 0.0
        var azi1 = 0.0
        var azi2 = 0.0
        for i in benchmark.scaledIterations {
            let (a, b) = pairs[i & 1023]
            raw.inverse(raw.geodesic, a.0, a.1, b.0, b.1, &s12, &azi1, &azi2)
            blackHole(s12)
            blackHole(azi1)
            blackHole(azi2)
        }
    }
    Benchmark("inverse: Swift Geodesic.inverse") { benchmark in
        for i in benchmark.scaledIterations {
            let (a, b) = coordinatePairs[i & 1023]
            blackHole(Geodesic.wgs84.inverse(from: a, to: b))
        }
    }

    // MARK: Nearby search

    let nearby = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200)
    for (label, size) in [("10^4", 4), ("10^5", 5), ("10^6", 6)] {
        Benchmark("nearby \(label): brute force (exact geodesic to all)", configuration: nearby) { benchmark in
            let reports = search(size)
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                blackHole(reports.bruteForceMatches(near: queries[i % queries.count]))
            }
        }
        Benchmark("nearby \(label): NearbySearch (bounds, then exact)", configuration: nearby) { benchmark in
            let reports = search(size)
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                blackHole(reports.matches(near: queries[i % queries.count]))
            }
        }
    }
}

// Globals outside the main file are made on first use, so each size is built only when a
// benchmark that needs it runs.

/// 1024 random pairs as degrees, and the same as `Coordinate`s.
let pairs: [((Double, Double), (Double, Double))] = {
    var generator = SplitMix64(seed: 42)
    return (0..<1024).map { _ in
        (
            (Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator)),
            (Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator))
        )
    }
}()

let coordinatePairs: [(Coordinate, Coordinate)] = pairs.compactMap { a, b in
    guard let start = try? Coordinate(latitude: a.0, longitude: a.1),
        let end = try? Coordinate(latitude: b.0, longitude: b.1)
    else { return nil }
    return (start, end)
}

/// 100 cities spread over the world: reports cluster round them, as real ones do round towns.
let cities: [Coordinate] = {
    var generator = SplitMix64(seed: 7)
    return (0..<100).compactMap { _ in
        try? Coordinate(
            latitude: Double.random(in: -60...70, using: &generator),
            longitude: Double.random(in: -180...180, using: &generator))
    }
}()

/// Where found pets are: 64 points within 20 km of a city.
let queries: [Coordinate] = {
    var generator = SplitMix64(seed: 9)
    return (0..<64).compactMap { index in
        try? Geodesic.wgs84.destination(
            from: cities[index % cities.count], bearing: Double.random(in: -180...180, using: &generator),
            distance: Double.random(in: 0...20_000, using: &generator)
        ).coordinate
    }
}()

/// `count` reports: three in four within 60 km of a city, one in four anywhere; radii 0.5–50 km.
func makeSearch(_ count: Int) -> NearbySearch {
    var generator = SplitMix64(seed: UInt64(count))
    let reports: [NearbyReport] = (0..<count).compactMap { index in
        let coordinate: Coordinate?
        if index % 4 == 3 {
            coordinate = try? Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
        } else {
            coordinate =
                try? Geodesic.wgs84.destination(
                    from: cities[Int.random(in: 0..<cities.count, using: &generator)],
                    bearing: Double.random(in: -180...180, using: &generator),
                    distance: Double.random(in: 0...60_000, using: &generator)
                ).coordinate
        }
        guard let coordinate, let radius = try? SearchRadius(kilometers: Double.random(in: 0.5...50, using: &generator))
        else { return nil }
        return NearbyReport(id: "r\(index)", coordinate: coordinate, radius: radius)
    }
    return NearbySearch(reports: reports)
}

let search4 = makeSearch(10_000)
let search5 = makeSearch(100_000)
let search6 = makeSearch(1_000_000)

/// The search over 10^`exponent` reports.
func search(_ exponent: Int) -> NearbySearch {
    switch exponent {
    case 4: search4
    case 5: search5
    default: search6
    }
}

/// PROJ's `geod_init` and `geod_inverse`, called as plain C function pointers.
// @unchecked: `geodesic` is written once, by geod_init in init, and afterwards only read
// (geod_inverse takes it as const); the function pointer is immutable.
final class RawGeodesic: @unchecked Sendable {
    typealias Inverse =
        @convention(c) (
            UnsafeRawPointer, Double, Double, Double, Double, UnsafeMutablePointer<Double>,
            UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>
        ) -> Void
    typealias Initialize = @convention(c) (UnsafeMutableRawPointer, Double, Double) -> Void

    static let shared = RawGeodesic()

    let inverse: Inverse
    /// A `struct geod_geodesic` (51 doubles), filled by `geod_init` and then only read.
    let geodesic: UnsafeRawPointer

    private init() {
        // libproj itself, as Geodesy opens it (CLazyLibraries: dlopen at first use, not linked).
        guard let library = dlopen("libproj.so.25", RTLD_NOW) ?? dlopen("libproj.so", RTLD_NOW),
            let inverseSymbol = dlsym(library, "geod_inverse"), let initSymbol = dlsym(library, "geod_init")
        else { fatalError("libproj's geod_inverse/geod_init not found") }  // benchmark setup only
        inverse = unsafeBitCast(inverseSymbol, to: Inverse.self)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: 64 * 8, alignment: 8)
        unsafeBitCast(initSymbol, to: Initialize.self)(storage, 6_378_137, 1 / 298.257223563)
        geodesic = UnsafeRawPointer(storage)
    }
}
