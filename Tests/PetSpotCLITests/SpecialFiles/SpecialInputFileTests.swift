import Foundation
import LocationTestSupport
import Testing

/// Every file `petspot` reads is refused with a clear message when it is not a regular file:
/// a FIFO given as (or sitting at) any input must never block the command. Each run has a
/// process timeout, so a hang fails the test instead of hanging the suite.
@Suite("input files that are not plain files", .serialized, .timeLimit(.minutes(3)))
struct SpecialInputFileTests {
    /// Long enough for a slow machine, far shorter than "forever".
    static let timeout = 20.0

    static func environment(_ folder: ScratchFolder) -> [String: String] {
        ["XDG_CONFIG_HOME": folder.url.path, "PETSPOT_LOCATION_POLICY": ""]
    }

    static func run(_ arguments: [String], in folder: ScratchFolder) async throws -> PetSpotProcess.Output {
        try await PetSpotProcess.run(arguments, environment: environment(folder), timeout: timeout)
    }

    static let fifoReason = "it is a FIFO (named pipe), not a regular file"

    @Test func aFIFOScenarioIsRefused() async throws {
        let folder = try ScratchFolder()
        let fifo = try folder.fifo("scenario.yaml")
        let check = try await Self.run(["scenario", "check", fifo], in: folder)
        #expect(check.status == 65, "\(check.stderr)")
        #expect(check.stderr.contains("\(fifo): \(Self.fifoReason)"))
        let locate = try await Self.run(["locate", "--scenario", fifo, "--timeout", "1"], in: folder)
        #expect(locate.status != 0)
        #expect(locate.stderr.contains(Self.fifoReason))
    }

    @Test(arguments: ["walk.gpx", "walk.nmea"])
    func aFIFOTrackIsRefused(name: String) async throws {
        let folder = try ScratchFolder()
        _ = try folder.fifo(name)
        let scenario = try folder.write(
            "walk.yaml",
            "title: walk\nauthorization: authorizedWhenInUse\ntimeline:\n  - track: \(name)\n"
                + "consumer:\n  - watch: {count: 1}\n")
        let check = try await Self.run(["scenario", "check", scenario], in: folder)
        #expect(check.status == 65, "\(check.stderr)")
        #expect(check.stderr.contains("walk.yaml:4:12: \(Self.fifoReason)"))
    }

    @Test func aFIFOAnnouncementIsRefused() async throws {
        let folder = try ScratchFolder()
        let fifo = try folder.fifo("pet.json")
        let show = try await Self.run(["show", fifo], in: folder)
        #expect(show.status == 65)
        #expect(show.stderr == "petspot: Cannot read the announcement \(fifo): \(Self.fifoReason).\n")
    }

    @Test func aFIFOAnswersFileIsRefused() async throws {
        let folder = try ScratchFolder()
        let fifo = try folder.fifo("answers.yaml")
        let report = try await Self.run(["report", "missing", "--answers", fifo], in: folder)
        #expect(report.status == 65)
        #expect(report.stderr == "petspot: Cannot read the answers file \(fifo): \(Self.fifoReason).\n")
    }

    @Test func aFIFOPhotoIsRefused() async throws {
        let folder = try ScratchFolder()
        let fifo = try folder.fifo("luna.png")
        let answers = try folder.write("answers.yaml", "photo: luna.png\nspecies: dog\n")
        let report = try await Self.run(["report", "missing", "--answers", answers], in: folder)
        #expect(report.status == 1)
        #expect(report.stderr.contains("photo: Cannot read \(fifo): \(Self.fifoReason)."))
    }

    @Test func aFIFOReportsFileIsRefused() async throws {
        let folder = try ScratchFolder()
        let fifo = try folder.fifo("reports.csv")
        let nearby = try await Self.run(["nearby", "--from", "52.2297,21.0122", "--reports", fifo], in: folder)
        #expect(nearby.status == 1)
        #expect(nearby.stderr == "Error: Cannot read the reports file \(fifo): \(Self.fifoReason).\n")
    }

    @Test func aDeviceIsRefusedLikeAFIFO() async throws {
        let folder = try ScratchFolder()
        let nearby = try await Self.run(["nearby", "--from", "52.2297,21.0122", "--reports", "/dev/zero"], in: folder)
        #expect(nearby.status == 1)
        #expect(
            nearby.stderr
                == "Error: Cannot read the reports file /dev/zero: it is a character device, not a regular file.\n")
    }

    /// A FIFO at the consent path: the status says what is wrong, and `locate --timeout 1`
    /// ends (the consent counts as not determined, and nobody can be asked).
    @Test func aFIFOAtTheConsentPathNeverBlocks() async throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("petspot"), withIntermediateDirectories: true)
        let fifo = try folder.fifo("petspot/location-consent.json")
        let status = try await Self.run(["permission", "status"], in: folder)
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("Location permission: notDetermined\n"))
        #expect(status.stderr.contains("The location consent file \(fifo) cannot be read (\(Self.fifoReason))"))
        let locate = try await Self.run(["locate", "--gpsd", "127.0.0.1:1", "--timeout", "1"], in: folder)
        #expect(locate.status == 2)
    }

    @Test func aSymbolicLinkLoopIsNamedAsSuch() async throws {
        let folder = try ScratchFolder()
        let loop = try folder.link("loop.yaml", to: "loop.yaml")
        let check = try await Self.run(["scenario", "check", loop], in: folder)
        #expect(check.status == 65)
        #expect(check.stderr.contains("\(loop): too many levels of symbolic links (a symlink loop?)"))
        #expect(!check.stderr.contains("permissions?"))
        let nearby = try await Self.run(["nearby", "--from", "52.2297,21.0122", "--reports", loop], in: folder)
        #expect(nearby.stderr.contains("too many levels of symbolic links"))
    }
}
