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

/// The root package's products `names`, as a test target's dependencies.
func root(_ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: "PetSpotLocation") }
}

let package = Package(
    name: "PetSpotSanitize",
    dependencies: [
        .package(name: "PetSpotLocation", path: "..")
    ],
    targets: [
        .testTarget(
            name: "LocationTests",
            dependencies: root(
                "Location", "Geodata", "OutsideInput", "GPSDTestSupport", "LocationTestSupport", "Locking"),
            resources: [.copy("Resources")],
            packageAccess: false),
        .testTarget(
            name: "ReportStepsTests",
            dependencies: root(
                "ReportSteps", "ReportLocation", "ReportStore", "Geodata", "Location", "GPSDTestSupport",
                "LocationTestSupport", "Scenarios", "ScenarioSteps", "Locking"),
            packageAccess: false),
        // `--filter 'LocationTests|ReportStepsTests'` in the whole package also matches
        // ReportStoreTests' PublicLocationTests (a suite's name containing `LocationTests`), so
        // CI's step has run it under ThreadSanitizer too: here as well, that one file only.
        .testTarget(
            name: "ReportStoreTests",
            dependencies: root("ReportStore", "Geodata", "Geodesy"),
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
