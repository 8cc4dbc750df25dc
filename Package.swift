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

/// The report pages' templates, script and style in `Sources/PetSpotService/Pages/`, embedded
/// into the `petspot` binary so that `petspot serve` serves them without the source tree.
/// A test checks that this list and the folder agree.
let reportPageFiles = [
    "ChoiceField.mustache", "CoordinateFields.mustache", "FormStep.mustache", "PetDetails.mustache",
    "PhotoStep.mustache", "Question.mustache", "ReportFlow.mustache", "ReportPage.mustache", "ReportPreview.mustache",
    "StepHeader.mustache", "StepIntro.mustache", "SubmittedStep.mustache", "TextField.mustache", "pet.js", "report.css",
    "report.js", "Home.mustache", "home.js", "home.css", "Map.mustache", "map.js", "map.css", "Subscription.mustache",
    "alerts.js", "message.js", "sightings.js", "Poster.mustache", "poster.css", "poster.js", "owner.js", "share.js",
    "places.js", "report-draft.js", "report-dom.js", "report-location.js", "report-photo.js", "report-steps.js",
    "poster-a4.css", "poster-letter.css", "mail-form.js",
]

/// Leaflet 1.7.1 from Debian's `libjs-leaflet` (`/usr/share/javascript/leaflet`), with its
/// licence, in `Sources/PetSpotService/Pages/Leaflet/`: the map page's library, embedded too.
let leafletFiles = [
    "leaflet.min.js", "leaflet.css", "marker-icon.png", "marker-icon-2x.png", "marker-shadow.png", "LICENSE",
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
        // What every test target shares: the provider contract, a manual provider, deadlines,
        // child processes run to their end.
        .library(name: "LocationTestSupport", targets: ["LocationTestSupport"]),
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "ReportSteps", targets: ["ReportSteps"]),
        .library(name: "ReportLocation", targets: ["ReportLocation"]),
        .library(name: "PetSpotJSON", targets: ["PetSpotJSON"]),
        .library(name: "PetSpotService", targets: ["PetSpotService"]),
        .library(name: "ReportStore", targets: ["ReportStore"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "SQLiteReportStore", targets: ["SQLiteReportStore"]),
        .library(name: "PostgresReportStore", targets: ["PostgresReportStore"]),
        .library(name: "ReportStoreOpener", targets: ["ReportStoreOpener"]),
        // The contract every report store passes, for the tests and the benchmarks.
        .library(name: "ReportStoreTestSupport", targets: ["ReportStoreTestSupport"]),
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
        // Shared state behind a lock ThreadSanitizer sees; a product for Sanitize/'s tests.
        .library(name: "Locking", targets: ["Locking"]),
        // Phone-style photos with metadata (Pillow, exiftool, heif-enc) and their checks.
        .library(name: "PhotoTestSupport", targets: ["PhotoTestSupport"]),
        .executable(name: "petspot", targets: ["PetSpotCLI"]),
    ],
    // `Server` (on by default): `petspot serve` and the commands that open a reports store
    // (`reports`, `store`, `--store`/`--save`), with what they bring (Hummingbird, SwiftNIO,
    // GRDB, postgres-nio, swift-nio-ssl's BoringSSL). `bash scripts/demo` builds `petspot`
    // without it (`--disable-default-traits`), which leaves out about two thirds of the build;
    // every other build (`swift build`, the tests, scripts/install) has it.
    traits: [
        .trait(name: "Server", description: "petspot serve and the reports store engines (SQLite, PostgreSQL)."),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests (Swift Testing) for Geodata and Geodesy invariants.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `petspot serve`: the HTTP server, its lifecycle and logs; AsyncHTTPClient talks to it in
        // the tests. Hummingbird's ConfigurationSupport trait stays off: its reader-based
        // initialisers read Hummingbird's own keys (`http.host`, `http.port`…), while serve's
        // settings are PETSPOT_* variables read once in the CLI (ServeSettings) through
        // swift-configuration; FullFoundation is not needed either.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `petspot serve`'s /metrics: swift-metrics' API (Hummingbird's MetricsMiddleware uses it)
        // exported by swift-prometheus in Prometheus' text format.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `petspot serve`'s settings from PETSPOT_* environment variables (EnvironmentVariablesProvider).
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The report pages: server-rendered HTML from Mustache templates (HTML-escaped by default).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The reports store: SQLite (the embedded default) through GRDB; PostgreSQL + PostGIS
        // through postgres-nio.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // TLS to PostgreSQL (sslmode require, verify-ca, verify-full; postgres-nio takes NIOSSL's
        // configuration).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Tests run child processes to their end through swift-subprocess (stdin written while
        // stdout and stderr are read, so no pipe fills up; initdb/pg_ctl for the store's test
        // server too); FilePath comes from swift-system.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // Pure value types: coordinates, parsing, validation, formatting. No dependencies.
        .target(name: "Geodata"),

        // What every module does with outside text and numbers: terminal-safe text (no control
        // or bidi characters reach a terminal), double → integer conversions that cannot trap.
        // No dependencies.
        .target(name: "OutsideInput"),

        // YAML from outside: Yams composes it after a libyaml pass that refuses what makes
        // Yams' composer exponential (a key that is a list, mapping or alias) or deeply nested.
        .target(name: "OutsideYAML", dependencies: [.product(name: "Yams", package: "Yams")]),

        // libgps (gpsd's client library) as a C module; imported only by Location's
        // Providers/GPSD folder. Not linked: CLazyLibraries opens it at first use.
        .systemLibrary(name: "CGPS", providers: [.apt(["libgps-dev"])]),

        // PROJ and libgps opened with dlopen at their first use instead of linked, so that
        // commands that never measure or talk to gpsd do not load them (and the ~40 libraries
        // PROJ brings) at every start: Docs/CLI.md, Start-up.
        .target(name: "CLazyLibraries"),

        // Mail through an SMTP server (libcurl's client, opened at the first mail): STARTTLS
        // verified, SMTPS, AUTH; `petspot mail test`, and later the alerts' outbox.
        .target(name: "Mail", dependencies: ["CLazyLibraries"]),

        // Town names from Debian's libgeonames (opened at first use): search by name with
        // accents folded, the nearest town to a place.
        .target(name: "Places", dependencies: ["Geodata", "CLazyLibraries", "Locking"]),

        // QR codes from Debian's libqrencode (opened at the first code), drawn as inline SVG:
        // the posters' link to a card.
        .target(name: "QRCodes", dependencies: ["CLazyLibraries"]),

        // Photos without metadata: EXIF (GPS, serials, owner), XMP, IPTC and comments taken out
        // of JPEG, PNG, WebP, GIF and HEIC bytes, the orientation kept. No dependencies.
        .target(name: "PhotoMetadata"),

        // Locked<Value>: shared state behind a pthread mutex that ThreadSanitizer can see.
        .target(name: "Locking"),

        // SHA-256 in Swift: the digests of owner and operator tokens and the tags of photos,
        // without swift-crypto's BoringSSL (375 C files) in every build. Optimized in debug
        // builds too: unoptimized, a 10 MB photo took seconds to hash in the tests.
        .target(name: "Hashing", swiftSettings: [.unsafeFlags(["-O"])]),

        // LocationService: authorization, requestLocation, live updates over one provider
        // connection (its logic in LocationServiceStateMachine); the gpsd provider (libgps);
        // VirtualClock.
        .target(
            name: "Location",
            dependencies: ["Geodata", "CGPS", "CLazyLibraries", "Locking", "OutsideInput", "PetSpotJSON"]),

        // Test support every test target shares: ProviderContract (what every LocationProvider
        // must do), ManualProvider, UpdateRecorder, deadlines and waitUntil, child processes run
        // to their end (swift-subprocess) and the built products' folder.
        .target(
            name: "LocationTestSupport",
            dependencies: [
                "Geodata", "Location", "Locking",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // A real gpsd for the tests and the benchmarks: a feed server gpsd reads NMEA from
        // (sentences by Scenarios' NMEAWriter), gpsd and gpsfake processes on free loopback ports.
        .target(name: "GPSDTestSupport", dependencies: ["Location", "Locking", "Scenarios"]),

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
                "Geodata", "Location", "Locking", "OutsideInput", "OutsideYAML", "BundledScenarios", "PetSpotJSON",
                .product(name: "Yams", package: "Yams"),
            ]),

        // PROJ's C API (proj.h, geodesic.h); imported only by Sources/Geodesy/PROJ/. Not
        // linked: CLazyLibraries opens it at first use.
        .systemLibrary(name: "CProj", providers: [.apt(["libproj-dev"])]),

        // Distances, bearings, search circles and nearby search on PROJ; the JSON
        // of coordinate validation, distances and radii.
        .target(name: "Geodesy", dependencies: ["Geodata", "CProj", "CLazyLibraries", "PetSpotJSON"]),

        // The report wizards' step models (Missing and Found flows) and the Pet details card; a
        // step's fields are the record's (ReportStore's ReportField).
        .target(name: "ReportSteps", dependencies: ["Geodata", "OutsideInput", "ReportStore"]),

        // The report flows' location button over a real LocationService (ReportLocationRequester):
        // kept out of ReportSteps so that the UI-free models do not link libgps.
        .target(name: "ReportLocation", dependencies: ["Location", "ReportSteps"]),

        // Scenarios played through the report steps: `step:` expectations checked against the
        // real Animal description / Pet details models.
        .target(
            name: "ScenarioSteps", dependencies: ["Geodata", "Locking", "Scenarios", "ReportSteps", "ReportLocation"]),

        // The one JSON encoder the CLI's `--json` and the service share (`JSONValue`, keys in their
        // documented order; `JSONText`, the string escaper and number writer). A leaf: every
        // module that prints JSON uses it.
        .target(name: "PetSpotJSON", dependencies: ["OutsideInput"]),

        // `petspot serve`: the location and geodata service over HTTP (Hummingbird), its
        // OpenAPI document (embedded, served at /openapi.yaml), SSE location updates; the report
        // pages (/report/found, /report/missing: Mustache templates, script and style embedded)
        // and the step API they ask (/v1/report-steps, /v1/report-photos) over ReportSteps.
        .target(
            name: "PetSpotService",
            dependencies: [
                "Geodata", "Geodesy", "Location", "Scenarios", "ScenarioSteps", "PetSpotJSON", "Locking",
                "OutsideInput", "ReportSteps", "ReportLocation", "ReportStore", "Reports", "Places", "Mail", "QRCodes",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                "Hashing",
            ],
            resources: [.embedInCode("Resources/openapi.yaml")] + reportPageFiles.map { .embedInCode("Pages/\($0)") }
                + leafletFiles.map { .embedInCode("Pages/Leaflet/\($0)") }),

        // Reports that last: the `ReportStore` protocol, the report values, typed errors, the
        // store URL (`sqlite:PATH`, `postgres://…`), CSV import, and the live in-process nearby
        // index kept in step with a store. No engine here.
        .target(name: "ReportStore", dependencies: ["Geodata", "Geodesy", "OutsideInput"]),

        // The embedded engine: one SQLite file (WAL) through GRDB, versioned migrations, nearby
        // through the in-process index.
        .target(
            name: "SQLiteReportStore",
            dependencies: [
                "ReportStore", "Geodata", "Geodesy", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),

        // For scale: PostgreSQL 15 + PostGIS 3.3 through postgres-nio; geography(Point, 4326)
        // with a GiST index, nearby by radius bands, the exact final filter in process. Its
        // connection pool is a swift-service-lifecycle Service.
        .target(
            name: "PostgresReportStore",
            dependencies: [
                "ReportStore", "Geodata", "Geodesy", "Locking",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),

        // The reports as the wizards make them and the store keeps them, between ReportSteps and
        // ReportStore: the records, their JSON (the field key types' names), the Pet details card
        // of a stored report, and its photo (`ReportPhotos`, kept in the store beside the report).
        .target(
            name: "Reports",
            dependencies: [
                "Geodata", "Geodesy", "Hashing", "Locking", "Mail", "OutsideInput", "PetSpotJSON", "PhotoMetadata",
                "ReportSteps", "ReportStore",
            ]),

        // Opens the store a URL names, whatever its engine: for the length of a command, or
        // for a server with what must run in its ServiceGroup.
        .target(
            name: "ReportStoreOpener",
            dependencies: [
                "ReportStore", "SQLiteReportStore", "PostgresReportStore",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),

        // The contract every ReportStore passes (as ProviderContract is for providers), and a
        // real PostgreSQL + PostGIS server in a temporary folder for the tests and benchmarks.
        .target(
            name: "ReportStoreTestSupport",
            dependencies: [
                "ReportStore", "Geodata", "Geodesy", "Reports", "ReportSteps",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // The commit `petspot` was built from (scripts/build-release writes it; none otherwise).
        .target(name: "CBuildCommit"),
        // Phone-style photos for the tests: made by Pillow (EXIF with GPS, XMP, IPTC, comments,
        // text chunks) and heif-enc, read back by exiftool, their pixels compared by Pillow.
        .target(name: "PhotoTestSupport", dependencies: ["LocationTestSupport"]),
        // A real SMTP server for the tests (Debian's python3-aiosmtpd, smtp_server.py): it keeps
        // each mail it takes as a JSON file; STARTTLS, implicit TLS and AUTH PLAIN on request.
        .target(name: "MailTestSupport", dependencies: ["LocationTestSupport"], exclude: ["smtp_server.py"]),

        // The `petspot` command-line tool. Without the `Server` trait, `serve`, `reports` and
        // `store` only say how to build the whole `petspot` (LeanBuild.swift).
        .executableTarget(
            name: "PetSpotCLI",
            dependencies: [
                "CBuildCommit",
                "Geodata",
                "Location",
                "Geodesy",
                "Scenarios",
                "ReportSteps",
                "ReportLocation",
                "ScenarioSteps",
                "Locking",
                "OutsideInput",
                "OutsideYAML",
                "PetSpotJSON",
                "Mail",
                "Places",
                .target(name: "PetSpotService", condition: .when(traits: ["Server"])),
                "ReportStore",
                .target(name: "ReportStoreOpener", condition: .when(traits: ["Server"])),
                "Reports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "Configuration", package: "swift-configuration", condition: .when(traits: ["Server"])),
                .product(name: "Yams", package: "Yams"),
            ],
            // Start-up (Docs/CLI.md): what the loader does before `main` at every run.
            // - `--static-swift-stdlib` links with `-export-dynamic` (the toolchain's
            //   static-stdlib-args.lnk), which put petspot's 53,000 symbols in its dynamic symbol
            //   table, and the Swift runtime's `dladdr` at start-up scans them all (a sixth of
            //   `petspot validate`'s instructions). Nothing looks them up: the libraries opened
            //   later are asked by handle.
            // - lld (the toolchain's own linker) packs the 148,000 relative relocations of the
            //   position-independent binary as RELR (30 KB instead of a 3.5 MB table the loader
            //   reads entry by entry); gold, the default, cannot.
            // - `Linker/` first on the search path: its libsqlite3.so is a linker script naming
            //   Debian's static libsqlite3.a, so SQLite is linked in, not loaded at every start.
            linkerSettings: [
                .unsafeFlags([
                    "-Xlinker", "--no-export-dynamic",
                    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                    "-L", Context.packageDirectory + "/Linker",
                ])
            ]
        ),

        .testTarget(
            name: "GeodataTests",
            dependencies: ["Geodata", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "OutsideInputTests", dependencies: ["OutsideInput", "OutsideYAML"]),
        .testTarget(name: "HashingTests", dependencies: ["Hashing", "LocationTestSupport"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places", "Geodata"]),
        .testTarget(name: "QRCodesTests", dependencies: ["QRCodes", "LocationTestSupport"]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "MailTestSupport", "LocationTestSupport"]),
        .testTarget(name: "PhotoMetadataTests", dependencies: ["PhotoMetadata", "PhotoTestSupport"]),
        // The package as a whole: Docs/Architecture.md against this file; what the compiler
        // refuses about Locked (swiftc on small programs).
        .testTarget(name: "PackageTests", dependencies: ["Locking", "LocationTestSupport"]),
        .testTarget(
            name: "LocationTests",
            dependencies: ["Location", "Geodata", "OutsideInput", "GPSDTestSupport", "LocationTestSupport", "Locking"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "GeodesyTests",
            dependencies: [
                "Geodesy", "Geodata", "LocationTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "PetSpotCLITests",
            dependencies: [
                "Geodata", "Geodesy", "GPSDTestSupport", "LocationTestSupport", "PhotoTestSupport", "Scenarios",
            ]),
        .testTarget(
            name: "ReportStepsTests",
            dependencies: [
                "ReportSteps", "ReportLocation", "ReportStore", "Geodata", "Location", "GPSDTestSupport",
                "LocationTestSupport", "Scenarios", "ScenarioSteps", "Locking",
            ]),
        .testTarget(
            name: "ScenariosTests",
            dependencies: [
                "Scenarios", "ScenarioSteps", "Location", "Geodata", "OutsideInput", "GPSDTestSupport",
                "LocationTestSupport", "Locking",
            ]),
        .testTarget(
            name: "PetSpotServiceTests",
            dependencies: [
                "PetSpotService", "PetSpotJSON", "Location", "Scenarios", "Geodata", "GPSDTestSupport",
                "LocationTestSupport", "Locking", "ReportStore", "SQLiteReportStore", "ReportSteps", "Geodesy",
                "Reports", "ReportStoreTestSupport", "ReportStoreOpener", "PhotoTestSupport", "Mail", "MailTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "ReportStoreTests",
            dependencies: [
                "ReportStore", "SQLiteReportStore", "PostgresReportStore", "ReportStoreOpener",
                "ReportStoreTestSupport", "Reports", "ReportSteps", "Geodata", "Geodesy", "OutsideInput", "PetSpotJSON",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
