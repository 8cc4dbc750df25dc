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
        .library(name: "ReportSteps", targets: ["ReportSteps"]),
        .executable(name: "petspot", targets: ["PetSpotCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // Pure value types: coordinates, parsing, validation, formatting. No dependencies.
        .target(name: "Geodata"),

        // The report wizards' step models (Missing and Found flows) and the Pet details card.
        .target(name: "ReportSteps", dependencies: ["Geodata"]),

        // The `petspot` command-line tool.
        .executableTarget(
            name: "PetSpotCLI",
            dependencies: [
                "Geodata",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "GeodataTests", dependencies: ["Geodata"]),
        .testTarget(name: "PetSpotCLITests", dependencies: ["Geodata"]),
        .testTarget(name: "ReportStepsTests", dependencies: ["ReportSteps", "Geodata"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
