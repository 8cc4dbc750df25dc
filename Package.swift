// swift-tools-version: 6.1
import PackageDescription

/// Strict settings for every target, as swift-log does: existential `any` spelled out,
/// imports visible only where declared, and imports internal unless marked `public`.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "PetSpotLocation",
    products: [
        .library(name: "Geodata", targets: ["Geodata"]),
        .executable(name: "petspot", targets: ["PetSpotCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests (Swift Testing) for Geodata and Geodesy invariants.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // Pure value types: coordinates, parsing, validation, formatting. No dependencies.
        .target(name: "Geodata"),

        // The `petspot` command-line tool.
        .executableTarget(
            name: "PetSpotCLI",
            dependencies: [
                "Geodata",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "GeodataTests",
            dependencies: ["Geodata", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "PetSpotCLITests", dependencies: ["Geodata"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
