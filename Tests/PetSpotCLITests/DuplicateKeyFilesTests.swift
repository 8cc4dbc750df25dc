import Foundation
import LocationTestSupport
import Testing

/// A key written twice in one JSON object is refused in every JSON file `petspot` reads, with
/// the file, the key and the line (each reader once took a different one of the two values).
@Suite("duplicate JSON keys in every file")
struct DuplicateKeyFilesTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-dup-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aConsentFileSayingGrantedThenDeniedIsNotReadAsGranted() async throws {
        let config = try Self.directory()
        let consent = config.appendingPathComponent("petspot/location-consent.json")
        try FileManager.default.createDirectory(
            at: consent.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"status":"authorizedAlways","status":"denied"}"#.utf8).write(to: consent)
        let output = try await PetSpotProcess.run(
            ["permission", "status"], environment: ["XDG_CONFIG_HOME": config.path, "PETSPOT_LOCATION_POLICY": ""])
        #expect(!output.stdout.contains("authorizedAlways"), "\(output.stdout)")
        #expect(output.stdout.contains("notDetermined"), "\(output.stdout)")
        #expect(
            output.stderr.contains(
                "\(consent.path) cannot be read (line 1: the key \"status\" appears twice in the top-level object"),
            "\(output.stderr)")
    }

    @Test func anAnnouncementWithTwoStatusesIsNotShown() async throws {
        let json = """
            {"photoUrl": "https://example.com/a.jpg", "status": "ACTIVE", "lastSeenDate": "2025-11-18",
             "species": "DOG", "gender": "MALE",
             "status": "CLOSED"}
            """
        let output = try await PetSpotProcess.run(["show", "-"], stdin: json)
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr.contains(
                "standard input is not an announcement: line 3: the key \"status\" appears twice in the top-level "
                    + "object (lines 1 and 3)"), "\(output.stderr)")
    }

    @Test func anAnswersFileWithAKeyTwiceIsRefusedBeforeAnyFieldIsUsed() async throws {
        let answers = try Self.directory().appendingPathComponent("answers.json")
        try Data("{\n  \"species\": \"dog\",\n  \"\\u0073pecies\": \"cat\"\n}".utf8).write(to: answers)
        let output = try await PetSpotProcess.run(["report", "missing", "--answers", answers.path])
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr.contains("\(answers.path), line 3: the key \"species\" appears twice"), "\(output.stderr)")
    }

    /// YAML answers are checked by Yams itself (6.2.2 refuses a repeated mapping key, however
    /// it is spelled); the JSON check leaves YAML alone.
    @Test func aYAMLAnswersFileWithAKeyTwiceIsRefusedByYams() async throws {
        let answers = try Self.directory().appendingPathComponent("answers.yaml")
        try Data("species: dog\n\"\\u0073pecies\": cat\n".utf8).write(to: answers)
        let output = try await PetSpotProcess.run(["report", "missing", "--answers", answers.path])
        #expect(output.status == 65)
        #expect(output.stderr.contains("duplicated key(s): 'species'"), "\(output.stderr)")
    }

    @Test func aJSONScenarioWithAKeyTwiceIsRefusedWithItsLine() async throws {
        let scenario = try Self.directory().appendingPathComponent("dup.json")
        let json = """
            {"title": "t", "authorization": {"initial": "notDetermined"},
             "timeline": [], "title": "u"}
            """
        try Data(json.utf8).write(to: scenario)
        let output = try await PetSpotProcess.run(["scenario", "check", scenario.path])
        #expect(output.status != 0)
        #expect(
            output.stderr.contains("\(scenario.path):2: the key \"title\" appears twice in the top-level object"),
            "\(output.stderr)")
    }
}
