import Foundation
import LocationTestSupport
import Testing

/// PROJ (with its ~40 libraries) and libgps are opened at first use, not at start-up
/// (CLazyLibraries): commands that never measure a distance or talk to gpsd never
/// load them; SQLite is linked into petspot (Linker/libsqlite3.so), so no command loads
/// libsqlite3 — the dynamic loader's own log (`LD_DEBUG=files`) says which objects it opened.
@Suite("libraries loaded at start-up")
struct StartupLibraryTests {
    /// The shared objects the dynamic loader opened while running `petspot arguments…`.
    static func loadedObjects(_ arguments: [String], environment: [String: String] = [:]) async throws -> [String] {
        try await loggedRun(arguments, environment: environment).objects
    }

    /// `petspot arguments…` run once with the loader's log on: what it printed, and the shared
    /// objects the loader opened (the log goes to stderr; stdout is the command's own).
    static func loggedRun(
        _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> (output: PetSpotProcess.Output, objects: [String]) {
        var merged = environment
        merged["LD_DEBUG"] = "files"
        let run = try await PetSpotProcess.run(arguments, environment: merged)
        let objects = run.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != ";" })
        }
        return (run, objects)
    }

    @Test(arguments: [["validate", "52,21"], ["validate", "--json", "52°13′47″N 21°0′44″E"], ["--version"]])
    func quickCommandsLoadNeitherPROJNorLibgps(arguments: [String]) async throws {
        let objects = try await Self.loadedObjects(arguments)
        #expect(objects.contains { $0.hasPrefix("libswiftCore") }, "the log was read: \(objects)")
        #expect(!objects.contains { $0.hasPrefix("libproj") }, "\(objects)")
        #expect(!objects.contains { $0.hasPrefix("libgps") })
        #expect(!objects.contains { $0.hasPrefix("libcurl") || $0.hasPrefix("libtiff") })
        #expect(!objects.contains { $0.hasPrefix("libsqlite3") })
    }

    @Test func aStoreCommandUsesTheSQLiteLinkedIn() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-startup-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let store = "sqlite:" + home.appendingPathComponent("r.sqlite").path
        let arguments = ["reports", "list", "--json", "--store", store]
        let (run, objects) = try await Self.loggedRun(arguments)
        #expect(!objects.contains { $0.hasPrefix("libsqlite3") }, "\(objects)")
        #expect(run.stdout.contains(#""reports":[]"#), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("r.sqlite").path))
    }

    @Test func measuringADistanceLoadsPROJWhenItIsNeeded() async throws {
        let (run, objects) = try await Self.loggedRun(["distance", "52.2297,21.0122", "50.0647,19.945"])
        #expect(objects.contains { $0.hasPrefix("libproj") }, "\(objects)")
        #expect(!objects.contains { $0.hasPrefix("libgps") })
        #expect(run.stdout.contains("Distance:        252162.179 m"), "\(run.stdout)")
    }

    @Test func askingGPSDLoadsLibgps() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-startup-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": home.path, "PETSPOT_LOCATION_POLICY": ""]
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: environment)
        let objects = try await Self.loadedObjects(
            ["locate", "--gpsd", "127.0.0.1:1", "--timeout", "1"], environment: environment)
        #expect(objects.contains { $0.hasPrefix("libgps") }, "\(objects)")
        #expect(!objects.contains { $0.hasPrefix("libproj") })
    }
}
