import Foundation
import LocationTestSupport
import Testing

/// `petspot store status|migrate` and `petspot --version` through the built binary.
@Suite("petspot store", .timeLimit(.minutes(2)))
struct StoreCommandTests {
    @Test func migrateMakesTheStoreAndStatusShowsItsVersionReportsAndSize() async throws {
        let folder = try ScratchFolder()
        let store = "sqlite:" + folder.path("reports.sqlite")
        let missing = try await PetSpotProcess.run(["store", "status", "--store", store])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("there is no store there yet"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("reports.sqlite")), "status made a store")

        let made = try await PetSpotProcess.run(["store", "migrate", "--store", store])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout.wholeMatch(of: /Migrated sqlite:.* from schema version 0 to \d+\.\n/) != nil, "\(made.stdout)")
        let again = try await PetSpotProcess.run(["store", "migrate", "--store", store])
        #expect(again.stdout.contains("already; nothing to do."), "\(again.stdout)")

        let status = try await PetSpotProcess.run(["store", "status", "--json", "--store", store])
        #expect(status.status == 0, "\(status.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(object["engine"] as? String == "SQLite")
        #expect(object["current"] as? Bool == true)
        #expect(object["reports"] as? Int == 0)
        #expect((object["bytes"] as? Int ?? 0) > 0)
        #expect(object["schemaVersion"] as? Int == object["latestSchemaVersion"] as? Int)
        let text = try await PetSpotProcess.run(["store", "status", "--store", store])
        #expect(text.stdout.contains("Engine:   SQLite"), "\(text.stdout)")
        #expect(text.stdout.contains("the one this petspot needs"), "\(text.stdout)")
    }

    @Test func versionNamesTheCommitItWasBuiltFrom() async throws {
        let version = try await PetSpotProcess.run(["--version"])
        #expect(version.status == 0)
        // A test build is not scripts/build-release's, unless that script's header was there.
        #expect(
            version.stdout.wholeMatch(of: /0\.1\.0 \((unknown commit|[0-9a-f]{12}(-dirty)?)\)\n/) != nil,
            "\(version.stdout)")
    }
}
