import Foundation
import LocationTestSupport
import Testing

/// Where `report --output`, `record OUT` and `scenario export --nmea` write: `-` is standard
/// output, a FIFO is written, a symbolic link stays a link, a directory is refused, and a
/// regular file is replaced atomically (or left as it was).
@Suite("output files that are not plain files", .serialized, .timeLimit(.minutes(2)))
struct OutputFileTests {
    static let foundAnswers = """
        photo: luna.png
        lastSeenDate: 18/11/2025
        species: Dog
        gender: male
        locationLatitude: 52.2297
        locationLongitude: 21.0122
        phone: +48 123 456 789
        email: finder@example.com
        """

    static func foundWorkspace() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.png()
        try folder.write("found.yaml", foundAnswers)
        return folder
    }

    static func environment(_ folder: ScratchFolder) -> [String: String] {
        ["XDG_CONFIG_HOME": folder.url.path, "PETSPOT_LOCATION_POLICY": ""]
    }

    @Test func reportOutputDashIsStandardOutputAndCreatesNoFileNamedDash() async throws {
        let folder = try Self.foundWorkspace()
        let run = try await PetSpotProcess.run(
            ["report", "found", "--answers", folder.path("found.yaml"), "--output", "-"],
            environment: Self.environment(folder), currentDirectory: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(#"{"status":"FOUND""#))
        #expect(!FileManager.default.fileExists(atPath: folder.path("-")))
    }

    @Test func exportDashIsStandardOutputAndCreatesNoFileNamedDash() async throws {
        let folder = try ScratchFolder()
        let run = try await PetSpotProcess.run(
            ["scenario", "export", "default", "--nmea", "-"], currentDirectory: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("$GP"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("-")))
    }

    /// `/dev/stdout` is a link to `/proc/self/fd/1`; run as root, the old atomic write replaced
    /// that link with a regular file for every process. The same link in a scratch folder
    /// shows the behaviour without risking the real one.
    @Test func aLinkToTheStandardOutputDescriptorWritesToStandardOutput() async throws {
        let folder = try ScratchFolder()
        let link = try folder.link("stdout", to: "/proc/self/fd/1")
        let run = try await PetSpotProcess.run(["scenario", "export", "default", "--nmea", link])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("$GP"))
        #expect(ScratchFolder.kind(link) == .typeSymbolicLink)
    }

    @Test func aFIFOIsWrittenNotReplaced() async throws {
        let folder = try ScratchFolder()
        let fifo = try folder.fifo("log.nmea")
        let reader = FIFOReader(fifo)
        let run = try await PetSpotProcess.run(["scenario", "export", "default", "--nmea", fifo], timeout: 20)
        #expect(run.status == 0, "\(run.stderr)")
        let received = try #require(reader.wait(seconds: 10))
        #expect(received.hasPrefix("$GP"))
        #expect(received.contains("*"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aReportToAFIFOReachesItsReader() async throws {
        let folder = try Self.foundWorkspace()
        let fifo = try folder.fifo("report.json")
        let reader = FIFOReader(fifo)
        let run = try await PetSpotProcess.run(
            ["report", "found", "--answers", folder.path("found.yaml"), "--output", fifo],
            environment: Self.environment(folder), timeout: 20)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try #require(reader.wait(seconds: 10)).hasPrefix(#"{"status":"FOUND""#))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetGetsTheContent() async throws {
        let folder = try ScratchFolder()
        let target = try folder.write("target.nmea", "old\n")
        let link = try folder.link("link.nmea", to: "target.nmea")
        let run = try await PetSpotProcess.run(["scenario", "export", "default", "--nmea", link])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(ScratchFolder.kind(link) == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.nmea")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("$GP"))
    }

    @Test func aDirectoryIsRefusedAndLeftAlone() async throws {
        let folder = try ScratchFolder()
        let directory = folder.path("out")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try folder.write("out/keep.txt", "keep")
        let export = try await PetSpotProcess.run(["scenario", "export", "default", "--nmea", directory])
        #expect(export.status == 73)
        #expect(export.stderr == "petspot: Cannot write \(directory): it is a directory.\n")
        let workspace = try Self.foundWorkspace()
        let report = try await PetSpotProcess.run(
            ["report", "found", "--answers", workspace.path("found.yaml"), "--output", directory],
            environment: Self.environment(folder))
        #expect(report.status == 1)
        #expect(report.stderr.contains("Cannot write \(directory): it is a directory."))
        #expect(ScratchFolder.kind(directory) == .typeDirectory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["keep.txt"])
    }

    @Test func recordRefusesADirectoryOrAMissingFolderBeforeRecording() async throws {
        let folder = try ScratchFolder()
        let environment = Self.environment(folder)
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: environment)
        let directory = try await PetSpotProcess.run(
            ["record", "--gpsd", "127.0.0.1:1", "--duration", "30", folder.url.path], environment: environment,
            timeout: 20)
        #expect(directory.status == 73)
        #expect(directory.stderr == "petspot: Cannot write \(folder.url.path): it is a directory.\n")
        let missing = folder.path("nope/out.yaml")
        let noFolder = try await PetSpotProcess.run(
            ["record", "--gpsd", "127.0.0.1:1", "--duration", "30", missing], environment: environment, timeout: 20)
        #expect(noFolder.status == 73)
        #expect(
            noFolder.stderr == "petspot: Cannot write \(missing): the folder \(folder.path("nope")) does not exist.\n")
    }

    @Test func aMissingFolderIsNamed() async throws {
        let folder = try ScratchFolder()
        let missing = folder.path("nope/log.nmea")
        let run = try await PetSpotProcess.run(["scenario", "export", "default", "--nmea", missing])
        #expect(run.status == 73)
        #expect(run.stderr == "petspot: Cannot write \(missing): the folder \(folder.path("nope")) does not exist.\n")
    }

    @Test func aRegularFileIsReplacedKeepingItsPermissions() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("log.nmea", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        let run = try await PetSpotProcess.run(["scenario", "export", "default", "--nmea", file])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("$GP"))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["log.nmea"])
    }

    /// A write that fails half-way (here: over the file size limit, `ulimit -f`, which stops
    /// even root) leaves the old file whole and no temporary file behind.
    @Test func aFailedWriteLeavesTheOldFileAsItWas() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("log.nmea", "old content\n")
        let binary = PetSpotProcess.binary.path
        let script = "trap '' XFSZ; ulimit -f 1; exec \"$0\" scenario export walking-warsaw --nmea \"$1\""
        let run = try await PetSpotProcess.run(
            ["-c", script, binary, file], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("petspot: Cannot write \(file): file too large"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old content\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["log.nmea"])
    }
}
