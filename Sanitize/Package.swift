// swift-tools-version: 6.1
import PackageDescription

// The test targets CI runs under ThreadSanitizer (`bash scripts/sanitize thread
// 'LocationTests|ReportStepsTests'`), as a package of their own: `swift build --build-tests`
// of the whole package compiles every test target and so the server's modules (Hummingbird,
// SwiftNIO, GRDB, postgres-nio, two BoringSSL copies) with the sanitizer too, which these tests
// never load. Tests/LocationTests, Tests/ReportStepsTests and Tests/ReportStoreTests here are
// links to the package's own test folders: the same files, each target with the dependencies
// Package.swift gives it. scripts/sanitize builds here when its filter names only
// LocationTests and/or ReportStepsTests.
//
// The tests use the root package's `package` declarations (`LocationServiceStateMachine`…),
// which only modules compiled with the root's package name see. SwiftPM names a path
// dependency's package by its directory (`petspot-location` → `petspot_location`) and would
// give these targets this package's name (`sanitize`); so they take no name from SwiftPM
// (`packageAccess: false`) and the root's instead. scripts/sanitize builds the whole package
// when the checkout's directory has a name this does not spell the way SwiftPM does.
// (`@testable import` needs nothing more: a debug build compiles every module for testing.)
let rootDirectory = Context.packageDirectory.split(separator: "/").dropLast().last ?? ""
let rootPackageName = String(rootDirectory.lowercased().map { $0 == "-" ? "_" : $0 })

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
            resources: [.copy("Resources")],
            packageAccess: false),
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
            ],
            packageAccess: false),
        // `--filter 'LocationTests|ReportStepsTests'` in the whole package also matches
        // ReportStoreTests' PublicLocationTests (a suite's name containing `LocationTests`), so
        // CI's step has run it under ThreadSanitizer too: here as well, that one file only.
        .testTarget(
            name: "ReportStoreTests",
            dependencies: [
                .product(name: "ReportStore", package: "PetSpotLocation"),
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "Geodesy", package: "PetSpotLocation"),
            ],
            sources: ["PublicLocationTests.swift"],
            packageAccess: false),
    ],
    swiftLanguageModes: [.v6]
)

// The package's strict settings (Package.swift), so that the tests compile as they do there,
// and the root package's name (above).
for target in package.targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .unsafeFlags(["-package-name", rootPackageName]),
    ]
}
