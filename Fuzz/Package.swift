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
        // What the targets share: `require` (a property check that aborts) and the properties
        // every track import must have.
        .target(name: "FuzzSupport"),
        .target(
            name: "FuzzTrackProperties",
            dependencies: ["FuzzSupport", .product(name: "Scenarios", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzCoordinateField",
            dependencies: ["FuzzSupport", .product(name: "Geodata", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzCoordinatePair",
            dependencies: ["FuzzSupport", .product(name: "Geodata", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzAnnouncementCard",
            dependencies: ["FuzzSupport", .product(name: "ReportSteps", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzAnnouncementText",
            dependencies: [
                "FuzzSupport", .product(name: "ReportSteps", package: "PetSpotLocation"),
                .product(name: "OutsideInput", package: "PetSpotLocation"),
            ]
        ),
        .executableTarget(
            name: "FuzzDuplicateKeys",
            dependencies: ["FuzzSupport", .product(name: "OutsideInput", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzConsentFile",
            dependencies: ["FuzzSupport", .product(name: "Location", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzScenarioFile",
            dependencies: ["FuzzSupport", .product(name: "Scenarios", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzScenarioTranscript",
            dependencies: [
                "FuzzSupport", .product(name: "Scenarios", package: "PetSpotLocation"),
                .product(name: "OutsideInput", package: "PetSpotLocation"),
            ]
        ),
        .executableTarget(
            name: "FuzzGPXTrack",
            dependencies: ["FuzzTrackProperties", .product(name: "Scenarios", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzGPSDReport",
            dependencies: [
                "FuzzSupport", .product(name: "Location", package: "PetSpotLocation"),
                .product(name: "Geodata", package: "PetSpotLocation"),
                .product(name: "OutsideInput", package: "PetSpotLocation"),
            ]
        ),
        .executableTarget(
            name: "FuzzPhotoScrubber",
            dependencies: ["FuzzSupport", .product(name: "PhotoMetadata", package: "PetSpotLocation")]
        ),
        .executableTarget(
            name: "FuzzNMEATrack",
            dependencies: ["FuzzTrackProperties", .product(name: "Scenarios", package: "PetSpotLocation")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
