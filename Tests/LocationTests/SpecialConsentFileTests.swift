import Foundation
import Location
import Testing

/// The consent and policy files when something other than a regular file sits at their
/// paths, and the policy's words: nothing blocks, nothing is removed that is not a file,
/// and every message says what is wrong.
@Suite struct SpecialConsentFileTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func fifo(_ url: URL) throws -> URL {
        guard mkfifo(url.path, 0o644) == 0 else { throw POSIXError(.EIO) }
        return url
    }

    /// Runs `body` on its own thread and gives up after `seconds`, so that a call that blocks
    /// forever fails the test instead of hanging the suite.
    static func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        Thread.detachNewThread { box.set(body()) }
        return box.wait(seconds: seconds)
    }

    @Test func aFIFOAtThePolicyPathRestrictsWithoutBlocking() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = RestrictionPolicy(
            environment: [:], policyFile: try Self.fifo(directory.appendingPathComponent("p")))
        let explanation = Self.within(10) { policy.explanation() }
        let text = try #require(explanation ?? nil, "restriction() blocked or did not restrict")
        #expect(text.contains("cannot be read (it is a FIFO (named pipe), not a regular file)"))
        #expect(policy.restriction()?.hasPrefix(policy.policyFile.path) == true)
    }

    @Test func aFIFOAtTheConsentPathIsUnreadableWithoutBlocking() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: try Self.fifo(directory.appendingPathComponent("consent.json")))
        let outcome = Self.within(10) { () -> ConsentStoreError? in
            do throws(ConsentStoreError) {
                _ = try store.read()
                return nil
            } catch {
                return error
            }
        }
        #expect(
            outcome
                == .some(
                    .unreadable(path: store.fileURL.path, reason: "it is a FIFO (named pipe), not a regular file")))
    }

    @Test func removeRefusesADirectoryAndKeepsIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: store.fileURL.appendingPathComponent("inside"))
        #expect(throws: ConsentStoreError.self) { try store.remove() }
        #expect(FileManager.default.fileExists(atPath: store.fileURL.appendingPathComponent("inside").path))
    }

    /// `permission grant` with a symbolic link at the consent path (a dotfiles tool keeping
    /// the file elsewhere): the link stays a link and the file it points to gets the answer.
    @Test func grantWritesThroughASymbolicLinkAndKeepsTheLink() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let elsewhere = directory.appendingPathComponent("dotfiles/consent.json")
        try FileManager.default.createDirectory(
            at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        let link = directory.appendingPathComponent("consent.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "dotfiles/consent.json")
        let store = ConsentStore(fileURL: link)
        try store.write(LocationAuthorization(.authorizedWhenInUse))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "dotfiles/consent.json")
        #expect(try ConsentStore(fileURL: elsewhere).read()?.status == .authorizedWhenInUse)
        #expect(try store.read()?.status == .authorizedWhenInUse)
    }

    /// A FIFO or a directory at the consent path is refused by `grant`/`deny`, without
    /// blocking and without replacing it.
    @Test(arguments: ["fifo", "directory"])
    func grantRefusesWhatIsNotAFileAndLeavesItThere(_ kind: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("consent.json")
        if kind == "fifo" {
            _ = try Self.fifo(path)
        } else {
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        }
        let store = ConsentStore(fileURL: path)
        let outcome = Self.within(10) { () -> ConsentStoreError? in
            do throws(ConsentStoreError) {
                try store.write(LocationAuthorization(.denied))
                return nil
            } catch {
                return error
            }
        }
        let described = kind == "fifo" ? "a FIFO (named pipe)" : "a directory"
        #expect(
            outcome
                == .some(
                    .unwritable(
                        path: path.path,
                        reason:
                            "it is \(described), not a consent file; PetSpot writes only a file, so move it away yourself"
                    )))
        var info = stat()
        #expect(lstat(path.path, &info) == 0)
        #expect((info.st_mode & S_IFMT) == (kind == "fifo" ? S_IFIFO : S_IFDIR))
    }

    /// Threads racing to remove the same file: every one succeeds (the file being gone
    /// already is what `reset` wants).
    @Test func concurrentRemovalsAllSucceed() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        let failures = ResultBox<[String]>()
        failures.set([])
        for _ in 0..<300 {
            try store.write(LocationAuthorization(.denied))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do throws(ConsentStoreError) {
                    try store.remove()
                } catch {
                    failures.update { $0.append(error.description) }
                }
            }
        }
        #expect(failures.wait(seconds: 1) == [])
    }

    @Test(arguments: ["restricted\n", "  Restricted\t", "\nrestricted\r\n"])
    func thePolicyVariableIgnoresSurroundingWhiteSpace(value: String) {
        let policy = RestrictionPolicy(
            environment: ["PETSPOT_LOCATION_POLICY": value], policyFile: URL(fileURLWithPath: "/nonexistent/policy"))
        #expect(policy.restriction() == "PETSPOT_LOCATION_POLICY=restricted")
        #expect(policy.warnings.isEmpty)
        #expect(policy.explanation()?.contains("unset PETSPOT_LOCATION_POLICY") == true)
    }

    @Test func unknownPolicyWordsAreWarningsAndRestrictNothing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("policy")
        try Data("# admin\nrestrict\n".utf8).write(to: file)
        let policy = RestrictionPolicy(environment: ["PETSPOT_LOCATION_POLICY": "yes"], policyFile: file)
        #expect(policy.restriction() == nil)
        #expect(
            policy.warnings == [
                "PETSPOT_LOCATION_POLICY=\"yes\" is not a policy and is ignored: the only value is \"restricted\".",
                "The policy file \(file.path) starts with \"restrict\", which is not a policy and is ignored: "
                    + "the only policy is \"restricted\".",
            ])
    }

    @Test func aPolicyFileSaysOnlyAnAdministratorCanLiftIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("policy")
        try Data("restricted # by IT\n".utf8).write(to: file)
        let policy = RestrictionPolicy(environment: [:], policyFile: file)
        #expect(policy.restriction() == file.path)
        #expect(policy.explanation()?.contains("only an administrator can lift it") == true)
        #expect(policy.explanation()?.contains("permission grant") == false)
    }
}

/// A value set by one thread and awaited by another.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: every access goes through `lock`; `done` is signalled once a value is set.
    private let lock = NSLock()
    private var value: T?
    private let done = DispatchSemaphore(value: 0)

    func set(_ newValue: T) {
        lock.withLock { value = newValue }
        done.signal()
    }

    func update(_ change: (inout T) -> Void) {
        lock.withLock {
            if var current = value {
                change(&current)
                value = current
            }
        }
    }

    /// The value once set, or `nil` after `seconds`.
    func wait(seconds: Double) -> T? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        done.signal()
        return lock.withLock { value }
    }
}
