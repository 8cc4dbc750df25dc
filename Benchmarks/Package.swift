// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package, outside the main build and CI's test run.
// Run them with `bash scripts/benchmarks` from the repository root.
let package = Package(
    name: "PetSpotBenchmarks",
    dependencies: [
        .package(name: "PetSpotLocation", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // C baselines (snprintf, …) called directly, as a C program would.
        .target(name: "CBaselines", path: "Benchmarks/CBaselines"),
        // What the suites share: a seeded generator for reproducible inputs.
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "GeodataBenchmarks",
            dependencies: [
                "CBaselines",
                "BenchmarkSupport",
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/GeodataBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "GeodesyBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "Geodesy", package: "PetSpotLocation"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/GeodesyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ScenarioBenchmarks",
            dependencies: [
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "Location", package: "PetSpotLocation"),
                .product(name: "Scenarios", package: "PetSpotLocation"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScenarioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LocationBenchmarks",
            dependencies: [
                .product(name: "Location", package: "PetSpotLocation"),
                .product(name: "GPSDTestSupport", package: "PetSpotLocation"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LocationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The reports store at 10^5–10^7 reports (in-process index, SQLite, PostGIS): a plain
        // executable run by Scripts/report-store.sh, since PostGIS needs a server started for
        // the run and 10^7 reports take minutes to load, not package-benchmark's many samples.
        .executableTarget(
            name: "StoreBench",
            dependencies: [
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "Geodesy", package: "PetSpotLocation"),
                .product(name: "ReportStore", package: "PetSpotLocation"),
                .product(name: "SQLiteReportStore", package: "PetSpotLocation"),
                .product(name: "PostgresReportStore", package: "PetSpotLocation"),
                .product(name: "ReportStoreTestSupport", package: "PetSpotLocation"),
            ],
            path: "Benchmarks/StoreBench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
