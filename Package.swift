// swift-tools-version: 6.1
import PackageDescription

/// Strict settings for every target, as swift-log does: existential `any` spelled out,
/// imports visible only where declared, and imports internal unless marked `public`.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The files in the top-level `Scenarios/` folder, embedded into the `petspot` binary.
/// A test checks that this list and the folder agree.
let bundledScenarioFiles = [
    "accuracy-improving.yaml", "antimeridian.nmea", "antimeridian.yaml", "approximate-only.yaml",
    "default.yaml", "no-fix-timeout.yaml", "not-determined-denied.yaml", "permission-denied.yaml",
    "permission-revoked.yaml", "poles.yaml", "receiver-lost-and-back.yaml", "restricted.yaml",
    "silent-receiver.yaml", "slow-cold-start.yaml", "walking-warsaw.gpx", "walking-warsaw.yaml",
]

let package = Package(
    name: "PetSpotLocation",
    products: [
        .library(name: "Geodata", targets: ["Geodata"]),
        .library(name: "OutsideInput", targets: ["OutsideInput"]),
        .library(name: "Location", targets: ["Location"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "ScenarioSteps", targets: ["ScenarioSteps"]),
        // A real gpsd for tests: an NMEA feed the test serves, gpsd and gpsfake processes.
        .library(name: "GPSDTestSupport", targets: ["GPSDTestSupport"]),
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "ReportSteps", targets: ["ReportSteps"]),
        .library(name: "PetSpotJSON", targets: ["PetSpotJSON"]),
        .library(name: "PetSpotService", targets: ["PetSpotService"]),
        .executable(name: "petspot", targets: ["PetSpotCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests (Swift Testing) for Geodata and Geodesy invariants.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `petspot serve`: the HTTP server (no swift-configuration: options come from the CLI),
        // its lifecycle and logs; AsyncHTTPClient talks to it in the tests.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Pure value types: coordinates, parsing, validation, formatting. No dependencies.
        .target(name: "Geodata"),

        // What every module does with outside text and numbers: terminal-safe text (no control
        // or bidi characters reach a terminal), double → integer conversions that cannot trap.
        // No dependencies.
        .target(name: "OutsideInput"),

        // libgps (gpsd's client library) as a C module; imported only by Location's
        // Providers/GPSD folder. Not linked: CLazyLibraries opens it at first use.
        .systemLibrary(name: "CGPS", providers: [.apt(["libgps-dev"])]),

        // PROJ and libgps opened with dlopen at their first use instead of linked, so that
        // commands that never measure or talk to gpsd do not load them (and the ~40 libraries
        // PROJ brings) at every start: Docs/CLI.md, Start-up.
        .target(name: "CLazyLibraries"),

        // LocationService: authorization, requestLocation, live updates over one provider
        // connection; the gpsd provider (libgps); VirtualClock.
        // Locked<Value>: shared state behind a pthread mutex that ThreadSanitizer can see.
        .target(name: "Locking"),

        .target(name: "Location", dependencies: ["Geodata", "CGPS", "CLazyLibraries", "Locking", "OutsideInput"]),

        // Test support shared by the test targets and the benchmarks: NMEA sentences, a feed
        // server gpsd reads from, gpsd and gpsfake processes on free loopback ports; the
        // LocationProvider contract every provider must pass.
        .target(name: "GPSDTestSupport", dependencies: ["Location", "Locking"]),

        // The scenario files in the top-level `Scenarios/` folder, embedded in the code so
        // that the `petspot` binary plays them without the source tree.
        .target(
            name: "BundledScenarios", path: "Scenarios", exclude: ["README.md"],
            resources: bundledScenarioFiles.map { .embedInCode($0) }),

        // Scripted permission and fix scenarios: the file format (YAML or JSON), GPX and NMEA
        // tracks, NMEA export; the scenario provider and authorizer, the runner and its
        // transcript, expectations.
        .target(
            name: "Scenarios",
            dependencies: [
                "Geodata", "Location", "Locking", "OutsideInput", "BundledScenarios",
                .product(name: "Yams", package: "Yams"),
            ]),

        // PROJ's C API (proj.h, geodesic.h); imported only by Sources/Geodesy/PROJ/. Not
        // linked: CLazyLibraries opens it at first use.
        .systemLibrary(name: "CProj", providers: [.apt(["libproj-dev"])]),

        // Distances, bearings, radius display, search circles and nearby search on PROJ.
        .target(name: "Geodesy", dependencies: ["Geodata", "CProj", "CLazyLibraries"]),

        // The report wizards' step models (Missing and Found flows) and the Pet details card.
        .target(name: "ReportSteps", dependencies: ["Geodata", "Location", "Geodesy", "OutsideInput"]),

        // Scenarios played through the report steps: `step:` expectations checked against the
        // real Animal description / Pet details models.
        .target(name: "ScenarioSteps", dependencies: ["Geodata", "Locking", "Scenarios", "ReportSteps"]),

        // The JSON the CLI's `--json` prints and the service answers, from one encoder:
        // validation reports, distances, radii, scenario lists and transcripts.
        .target(name: "PetSpotJSON", dependencies: ["Geodata", "Geodesy", "Location", "Scenarios"]),

        // `petspot serve`: the location and geodata service over HTTP (Hummingbird), its
        // OpenAPI document (embedded, served at /openapi.yaml), SSE location updates.
        .target(
            name: "PetSpotService",
            dependencies: [
                "Geodata", "Geodesy", "Location", "Scenarios", "ScenarioSteps", "PetSpotJSON", "Locking",
                "OutsideInput",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Resources/openapi.yaml")]),

        // The `petspot` command-line tool.
        .executableTarget(
            name: "PetSpotCLI",
            dependencies: [
                "Geodata",
                "Location",
                "Geodesy",
                "Scenarios",
                "ReportSteps",
                "ScenarioSteps",
                "Locking",
                "OutsideInput",
                "PetSpotJSON",
                "PetSpotService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),

        .testTarget(
            name: "GeodataTests",
            dependencies: ["Geodata", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "OutsideInputTests", dependencies: ["OutsideInput"]),
        .testTarget(
            name: "LocationTests", dependencies: ["Location", "Geodata", "GPSDTestSupport", "Locking"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "GeodesyTests",
            dependencies: ["Geodesy", "Geodata", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "PetSpotCLITests", dependencies: ["Geodata", "Geodesy", "GPSDTestSupport"]),
        .testTarget(
            name: "ReportStepsTests",
            dependencies: [
                "ReportSteps", "Geodata", "Location", "GPSDTestSupport", "Scenarios", "ScenarioSteps", "Locking",
            ]),
        .testTarget(
            name: "ScenariosTests",
            dependencies: ["Scenarios", "ScenarioSteps", "Location", "Geodata", "GPSDTestSupport", "Locking"]),
        .testTarget(
            name: "PetSpotServiceTests",
            dependencies: [
                "PetSpotService", "PetSpotJSON", "Location", "Scenarios", "Geodata", "GPSDTestSupport", "Locking",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
