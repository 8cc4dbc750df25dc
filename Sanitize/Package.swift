// swift-tools-version: 6.1
import PackageDescription

// The test targets CI runs under ThreadSanitizer (`bash scripts/sanitize thread
// 'LocationTests|ReportStepsTests'`), as a package of their own: `swift build --build-tests`
// of the whole package compiles every test target and so the server's modules (Hummingbird,
// SwiftNIO, GRDB, postgres-nio, two BoringSSL copies) with the sanitizer too, which these tests
// never load. Tests/LocationTests and Tests/ReportStepsTests here are links to the package's
// own test folders: the same files, each target with the dependencies Package.swift gives it.
// scripts/sanitize builds here when its filter names only these targets.
let package = Package(
    name: "PetSpotSanitize",
    dependencies: [
        .package(name: "PetSpotLocation", path: "..")
    ],
    targets: [
        .testTarget(
            name: "LocationTests",
            dependencies: [
                .product(name: "Location", package: "PetSpotLocation"),
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "OutsideInput", package: "PetSpotLocation"),
                .product(name: "GPSDTestSupport", package: "PetSpotLocation"),
                .product(name: "LocationTestSupport", package: "PetSpotLocation"),
                .product(name: "Locking", package: "PetSpotLocation"),
            ],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "ReportStepsTests",
            dependencies: [
                .product(name: "ReportSteps", package: "PetSpotLocation"),
                .product(name: "ReportLocation", package: "PetSpotLocation"),
                .product(name: "ReportStore", package: "PetSpotLocation"),
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "Location", package: "PetSpotLocation"),
                .product(name: "GPSDTestSupport", package: "PetSpotLocation"),
                .product(name: "LocationTestSupport", package: "PetSpotLocation"),
                .product(name: "Scenarios", package: "PetSpotLocation"),
                .product(name: "ScenarioSteps", package: "PetSpotLocation"),
                .product(name: "Locking", package: "PetSpotLocation"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// The package's strict settings (Package.swift), so that the tests compile as they do there.
for target in package.targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
