// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for every parser that takes outside text. A separate package so that the
// main build and the normal test run never compile with `-sanitize=fuzzer`.
// Run with `bash scripts/fuzz [TARGET] [SECONDS]` from the repository root (see Docs/Reliability.md).
let package = Package(
    name: "PetSpotFuzz",
    dependencies: [
        .package(name: "PetSpotLocation", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "FuzzCoordinateField",
            dependencies: [.product(name: "Geodata", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzCoordinatePair",
            dependencies: [.product(name: "Geodata", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzAnnouncementCard",
            dependencies: [.product(name: "ReportSteps", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzConsentFile",
            dependencies: [.product(name: "Location", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzScenarioFile",
            dependencies: [.product(name: "Scenarios", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzGPXTrack",
            dependencies: [.product(name: "Scenarios", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzNMEATrack",
            dependencies: [.product(name: "Scenarios", package: "PetSpotLocation")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
