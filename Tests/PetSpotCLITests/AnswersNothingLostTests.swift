import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// Answers files lose nothing either: typed coordinates survive a failed GPS request, the Found
/// photo is written beside the payload (or the wizard says it was not), a silent receiver is
/// "took too long", and one size unit decides the photo limit.
@Suite("petspot report --answers: nothing lost", .serialized, .timeLimit(.minutes(3)))
struct AnswersNothingLostTests {
    typealias Workspace = ReportWizardTests.Workspace

    @Test(arguments: ["permission-denied", "silent-receiver", "no-fix-timeout"])
    func aFailedGPSRequestKeepsTheTypedCoordinatesAndSaysSo(scenario: String) async throws {
        let workspace = try Workspace()
        let answers = try workspace.write(
            "missing.yaml",
            "photo: luna.png\nspecies: dog\nbreed: Beagle\ngender: f\nlocationLatitude: 52.1\nlocationLongitude: 21.2\nuseCurrentLocation: yes\nemail: owner@example.com\n"
        )
        let output = workspace.file("out.json")
        let run = try await PetSpotProcess.run(
            ["report", "missing", "--answers", answers.path, "--scenario", scenario, "--output", output.path],
            environment: workspace.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("petspot: useCurrentLocation: "), "\(run.stderr)")
        #expect(run.stderr.contains("The latitude and longitude in the file were kept."))
        let report = try ReportWizardTests.object(String(contentsOf: output, encoding: .utf8))
        #expect(report["locationLatitude"] as? Double == 52.1)
        #expect(report["locationLongitude"] as? Double == 21.2)
    }

    @Test func withoutTypedCoordinatesAFailedRequestIsStillAProblem() async throws {
        let workspace = try Workspace()
        let answers = try workspace.write(
            "missing.yaml",
            "photo: luna.png\nspecies: dog\nbreed: Beagle\ngender: f\nuseCurrentLocation: yes\nemail: owner@example.com\n"
        )
        let run = try await PetSpotProcess.run(
            ["report", "missing", "--answers", answers.path, "--scenario", "silent-receiver"],
            environment: workspace.environment)
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").last
                == "useCurrentLocation: Getting your position took too long. Try again, or type the coordinates.")
    }

    /// A real gpsd whose receiver says nothing: "took too long", not "No GPS fix".
    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func aSilentReceiverBehindARealGPSDIsTookTooLong() async throws {
        let workspace = try Workspace()
        #expect(try await PetSpotProcess.run(["permission", "grant"], environment: workspace.environment).status == 0)
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let answers = try workspace.write(
            "missing.yaml",
            "photo: luna.png\nspecies: dog\nbreed: Beagle\ngender: f\nuseCurrentLocation: yes\nemail: owner@example.com\n"
        )
        let run = try await PetSpotProcess.run(
            [
                "report", "missing", "--answers", answers.path, "--gpsd", "127.0.0.1:\(gpsd.port)",
                "--location-timeout", "1.5",
            ], environment: workspace.environment, timeout: 30)
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").last
                == "useCurrentLocation: Getting your position took too long. Try again, or type the coordinates.",
            "\(run.stderr)")
    }

    static let foundAnswers = """
        photo: luna.png
        lastSeenDate: 18/11/2025
        species: cat
        gender: female
        locationLatitude: 50.06143
        locationLongitude: 19.93658
        phone: +48 123 456 789
        email: finder@example.com
        """

    @Test func theFoundPhotoIsWrittenBesideTheOutput() async throws {
        let workspace = try Workspace()
        let answers = try workspace.write("found.yaml", Self.foundAnswers)
        let run = try await PetSpotProcess.run(
            ["report", "found", "--answers", answers.path, "--output", workspace.file("found.json").path],
            environment: workspace.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let photo = workspace.file("found-photo.png")
        #expect(FileManager.default.contents(atPath: photo.path) == (try Data(contentsOf: workspace.photo)))
        #expect(run.stderr == "Photo luna.png (PNG, 32 B) written to \(photo.path), beside the payload.\n")
    }

    @Test func withThePayloadOnStandardOutputThePhotoIsNotWrittenAndItSaysSo() async throws {
        let workspace = try Workspace()
        let answers = try workspace.write("found.yaml", Self.foundAnswers)
        let run = try await PetSpotProcess.run(
            ["report", "found", "--answers", answers.path], environment: workspace.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(#"{"status":"FOUND""#))
        #expect(
            run.stderr
                == "Photo luna.png (PNG, 32 B) was not written: the payload went to standard output, which has no "
                + "folder beside it. Give --output FILE to have the photo written next to the payload.\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.url.path)
        #expect(!left.contains { $0.contains("-photo") })
    }

    /// "PNG or JPG up to 10 MB" in the copy; the same MB on the card and in the limit.
    @Test(arguments: [(10_000_000, 0), (10_000_001, 1)])
    func tenMegabytesAsTheCopyStatesIt(bytes: Int, status: Int32) async throws {
        let workspace = try Workspace()
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += Array(repeating: 0, count: bytes - png.count)
        try Data(png).write(to: workspace.file("big.png"))
        let answers = try workspace.write(
            "found.yaml", Self.foundAnswers.replacingOccurrences(of: "photo: luna.png", with: "photo: big.png"))
        let run = try await PetSpotProcess.run(
            ["report", "found", "--answers", answers.path, "--output", workspace.file("out.json").path],
            environment: workspace.environment)
        #expect(run.status == status, "\(run.stderr)")
        if status == 0 {
            #expect(run.stderr.contains("Photo big.png (PNG, 10.0 MB) written to"))
        } else {
            #expect(
                run.stderr.contains(
                    "photo: This photo is larger than 10 MB, the largest photo we take. Choose a smaller one."))
        }
    }
}
