import Foundation
import LocationTestSupport
import Testing

/// An answers file's text is never cut silently: a description, address or collar number
/// over the field's limit is an invalid field like any other.
@Suite("answers over a field's limit", .serialized, .timeLimit(.minutes(2)))
struct AnswersLimitTests {
    static func workspace(_ answers: String) async throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.png()
        try folder.write("answers.yaml", answers)
        return folder
    }

    static func run(_ flow: String, _ folder: ScratchFolder) async throws -> PetSpotProcess.Output {
        try await PetSpotProcess.run(
            ["report", flow, "--answers", folder.path("answers.yaml"), "--output", folder.path("out.json")],
            environment: ["XDG_CONFIG_HOME": folder.url.path, "PETSPOT_LOCATION_POLICY": ""])
    }

    static func missingAnswers(description: String) -> String {
        "photo: luna.png\nspecies: dog\nbreed: Beagle\ngender: m\nlocationLatitude: 52.2297\nlocationLongitude: 21.0122\n"
            + "email: owner@example.com\n"
            + "description: \(description)\n"
    }

    @Test func aMissingReportDescriptionOver500CharactersIsRefusedNotCut() async throws {
        let folder = try await Self.workspace(Self.missingAnswers(description: String(repeating: "a", count: 501)))
        let run = try await Self.run("missing", folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("description: at most 500 characters; this one has 501"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
    }

    @Test func anAnswersFileOverOneMegabyteIsADataErrorAndNothingIsWritten() async throws {
        let folder = try await Self.workspace(
            Self.missingAnswers(description: String(repeating: "a", count: 1_100_000)))
        let run = try await Self.run("missing", folder)
        #expect(run.status == 65)
        #expect(run.stderr.contains("is larger than 1 MB, too large for the answers file"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
    }

    @Test func exactly500CharactersAreKept() async throws {
        let description = String(repeating: "é", count: 500)
        let folder = try await Self.workspace(Self.missingAnswers(description: description))
        let run = try await Self.run("missing", folder)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try String(contentsOfFile: folder.path("out.json"), encoding: .utf8)
        #expect(report.contains(description))
    }

    @Test func foundReportDescriptionAddressAndCollarOverTheirLimitsAreRefused() async throws {
        let folder = try await Self.workspace(
            OutputFileTests.foundAnswers + "\nmicrochipNumber: 12345-67890-12345-6\n"
                + "description: \(String(repeating: "b", count: 600))\ncurrentAddress: \(String(repeating: "c", count: 501))\n"
        )
        let run = try await Self.run("found", folder)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("microchipNumber: At most 15 digits; this one has 16 (nothing was cut)"),
            "\(run.stderr)")
        #expect(run.stderr.contains("description: at most 500 characters; this one has 600"))
        #expect(run.stderr.contains("currentAddress: at most 500 characters; this one has 501"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
    }

    /// The issue's case: 18 digits (and letters) were cut to the first 15 and exited 0.
    @Test(arguments: [
        ("12345-67890-12345-999", "microchipNumber: At most 15 digits; this one has 18 (nothing was cut)"),
        (
            "12345abc",
            "microchipNumber: Digits only (spaces and hyphens are fine), not \u{201C}a\u{201D}; nothing was changed"
        ),
    ])
    func collarDataTheFieldRefusesIsAnInvalidField(collar: String, line: String) async throws {
        let folder = try await Self.workspace(OutputFileTests.foundAnswers + "\nmicrochipNumber: \"\(collar)\"\n")
        let run = try await Self.run("found", folder)
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").contains { $0 == line }, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
    }
}
