import Foundation
import LocationTestSupport
import Testing

/// `petspot permission` with hostile things at the consent path, and the restriction policy's
/// messages: what a person reads must say what is wrong and what to do.
@Suite("permission: consent path and policy messages", .serialized, .timeLimit(.minutes(2)))
struct PermissionFileTests {
    static func environment(_ folder: ScratchFolder, policy: String = "") -> [String: String] {
        ["XDG_CONFIG_HOME": folder.url.path, "PETSPOT_LOCATION_POLICY": policy]
    }

    static func consentPath(_ folder: ScratchFolder) throws -> String {
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("petspot"), withIntermediateDirectories: true)
        return folder.path("petspot/location-consent.json")
    }

    @Test func resetRefusesADirectoryAndLeavesItsContents() async throws {
        let folder = try ScratchFolder()
        let consent = try Self.consentPath(folder)
        try FileManager.default.createDirectory(atPath: consent, withIntermediateDirectories: false)
        try folder.write("petspot/location-consent.json/precious.txt", "keep me")
        let reset = try await PetSpotProcess.run(["permission", "reset"], environment: Self.environment(folder))
        #expect(reset.status == 1)
        #expect(
            reset.stderr
                == "petspot: Cannot remove the location consent file \(consent): it is a directory, not a consent file; "
                + "PetSpot removes only a file, so move it away yourself.\n")
        #expect(try String(contentsOfFile: "\(consent)/precious.txt", encoding: .utf8) == "keep me")
    }

    @Test func resetRemovesASymbolicLinkNotItsTarget() async throws {
        let folder = try ScratchFolder()
        let consent = try Self.consentPath(folder)
        let target = try folder.write("elsewhere.json", #"{"status":"denied"}"#)
        _ = try folder.link("petspot/location-consent.json", to: target)
        let reset = try await PetSpotProcess.run(["permission", "reset"], environment: Self.environment(folder))
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(ScratchFolder.kind(consent) == nil)
        #expect(FileManager.default.fileExists(atPath: target))
    }

    @Test func resetWithNothingThereSucceeds() async throws {
        let folder = try ScratchFolder()
        let reset = try await PetSpotProcess.run(["permission", "reset"], environment: Self.environment(folder))
        #expect(reset.status == 0)
        #expect(reset.stdout.hasPrefix("Location permission: notDetermined\n"))
    }

    /// Many resets at once: the file is gone for all but one of them, and that is success.
    @Test func concurrentResetsAllSucceed() async throws {
        let folder = try ScratchFolder()
        let environment = Self.environment(folder)
        for _ in 0..<3 {
            _ = try await PetSpotProcess.run(["permission", "grant"], environment: environment)
            let statuses = Collected([Int32]())
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let reset = try? await PetSpotProcess.run(["permission", "reset"], environment: environment)
                        statuses.append(reset?.status ?? -1, stderr: reset?.stderr ?? "")
                    }
                }
            }
            #expect(statuses.values == Array(repeating: 0, count: 8), "\(statuses.errors)")
        }
    }

    @Test func grantOverADirectorySaysItIsADirectory() async throws {
        let folder = try ScratchFolder()
        let consent = try Self.consentPath(folder)
        try FileManager.default.createDirectory(atPath: consent, withIntermediateDirectories: false)
        let grant = try await PetSpotProcess.run(["permission", "grant"], environment: Self.environment(folder))
        #expect(grant.status == 1)
        #expect(!grant.stderr.contains("NSCocoaErrorDomain"), "\(grant.stderr)")
        #expect(
            grant.stderr.contains(
                "Cannot save the location consent to \(consent): it is a directory, not a consent file"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: consent, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test(arguments: ["restricted\n", " restricted ", "\trestricted\r\n", "RESTRICTED"])
    func thePolicyVariableIgnoresSurroundingWhiteSpace(value: String) async throws {
        let folder = try ScratchFolder()
        let status = try await PetSpotProcess.run(["permission"], environment: Self.environment(folder, policy: value))
        #expect(status.stdout.hasPrefix("Location permission: restricted\n"))
        #expect(status.stderr.isEmpty)
    }

    @Test func anUnknownPolicyValueIsAWarningNotSilence() async throws {
        let folder = try ScratchFolder()
        let status = try await PetSpotProcess.run(
            ["permission"], environment: Self.environment(folder, policy: "restrict"))
        #expect(status.stdout.hasPrefix("Location permission: notDetermined\n"))
        #expect(
            status.stderr
                == "petspot: warning: PETSPOT_LOCATION_POLICY=\"restrict\" is not a policy and is ignored: "
                + "the only value is \"restricted\".\n")
    }

    @Test func theRestrictedMessagesSayWhatRestrictsAndHowToLiftIt() async throws {
        let folder = try ScratchFolder()
        let environment = Self.environment(folder, policy: "restricted")
        let grant = try await PetSpotProcess.run(["permission", "grant"], environment: environment)
        #expect(grant.stderr.contains("restricted by the environment variable PETSPOT_LOCATION_POLICY=restricted"))
        #expect(grant.stderr.contains("unset PETSPOT_LOCATION_POLICY"))
        let locate = try await PetSpotProcess.run(
            ["locate", "--gpsd", "127.0.0.1:1"], environment: environment, timeout: 20)
        #expect(locate.status == 2)
        #expect(locate.stderr.contains("unset PETSPOT_LOCATION_POLICY"))

        try folder.png()
        let answers = try folder.write("a.yaml", "photo: luna.png\nspecies: dog\nuseCurrentLocation: yes\n")
        let report = try await PetSpotProcess.run(
            ["report", "missing", "--answers", answers, "--gpsd", "127.0.0.1:1"], environment: environment,
            timeout: 30)
        #expect(report.status == 1)
        let line = try #require(report.stderr.split(separator: "\n").first { $0.hasPrefix("useCurrentLocation:") })
        #expect(!line.contains("permission grant"), "\(line)")
        #expect(line.contains("unset PETSPOT_LOCATION_POLICY"))
    }

    /// On a terminal, Go to Settings under a restriction says what restricts and how to
    /// lift it, not "`petspot permission grant`", which cannot.
    @Test func goToSettingsUnderARestrictionSaysHowToLiftIt() throws {
        let folder = try ScratchFolder()
        try folder.png()
        let session = try PseudoTerminalSession(
            ["report", "missing", "--gpsd", "127.0.0.1:1"], environment: Self.environment(folder, policy: "restricted"))
        // Past the microchip; photo, Continue, Request GPS position, Go to Settings; then what it
        // says; then Cancel.
        let steps: [(answer: String, shows: [String])] = [
            ("", ["Microchip number"]), ("c", ["Animal photo"]), ("1", []), (folder.path("luna.png"), []),
            ("c", ["Animal description"]),
            ("g", ["┌ Location access is off"]),
            (
                "2",
                [
                    "restricted by the environment variable PETSPOT_LOCATION_POLICY=restricted",
                    "unset PETSPOT_LOCATION_POLICY",
                ]
            ),
            ("q", ["Cancel this report?"]), ("y", []),
        ]
        for (answer, shows) in steps {
            if !answer.isEmpty { session.type(answer) }
            for text in shows { try session.expect(text) }
        }
        #expect(try session.waitForExit() == 2)
    }
}

/// Values appended from several threads.
final class Collected<Value>: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: Value
    private var messages: [String] = []

    init(_ value: Value) { stored = value }

    var values: Value { lock.withLock { stored } }
    var errors: [String] { lock.withLock { messages } }

    func append<Element>(_ element: Element, stderr: String) where Value == [Element] {
        lock.withLock {
            stored.append(element)
            if !stderr.isEmpty { messages.append(stderr) }
        }
    }
}
