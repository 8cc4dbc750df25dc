import Foundation
import LocationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `scripts/install` and `deploy/petspot.service`, as an operator uses them: the script
/// installs the built binary (the debug one `swift build` made, through `--binary`: a release
/// build here would cost minutes of the suite) under a temporary prefix, and the unit, pointed
/// at that binary, is what `systemd-analyze verify` accepts.
///
/// They need bash, binutils' `strip` and `nm`, man-db's `man` and systemd's `systemd-analyze`
/// (`bash scripts/install-deps --tests`). Without them they are skipped, except with
/// `CI=true`, where a missing tool is a failure.
@Suite(
    "scripts/install and the systemd unit", .serialized,
    .enabled(if: InstallTools.shouldRun, "needs strip, nm, man and systemd-analyze: bash scripts/install-deps --tests"),
    .timeLimit(.minutes(10)))
struct InstallTests {
    @Test func installPutsAStrippedBinaryItsManPageAndTheThreeCompletionsUnderThePrefix() async throws {
        let prefix = try await Installation.shared.prefix()
        let installed = prefix.appendingPathComponent("bin/petspot")

        // The binary runs, and it is the one that was built, without its symbols.
        let version = try await PetSpotProcess.run(["--version"], executable: installed)
        #expect(version.status == 0)
        // The release and the commit it was built from: a test build is not scripts/build-release's.
        #expect(
            version.stdout.wholeMatch(of: /0\.1\.0 \((unknown commit|[0-9a-f]{12}(-dirty)?)\)\n/) != nil,
            "\(version.stdout)")
        let built = try await PetSpotProcess.run(["--version"])
        #expect(version.stdout == built.stdout)
        let size = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0 }
        #expect(try size(installed) < size(PetSpotProcess.binary))
        let symbols = try await run(InstallTools.require("nm"), [installed.path])
        #expect(symbols.stderr.contains("no symbols"), "nm: \(symbols.stdout.prefix(200)) \(symbols.stderr)")
        #expect(try executableBits(installed) == 0o755)

        // petspot(1) renders with no groff warning and describes the commands.
        let page = prefix.appendingPathComponent("share/man/man1/petspot.1")
        let man = try await run(
            InstallTools.require("man"), ["--warnings", "-l", page.path],
            environment: ["MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat", "MAN_KEEP_FORMATTING": ""])
        #expect(man.status == 0, "\(man.stderr)")
        #expect(man.stderr.isEmpty, "man --warnings: \(man.stderr)")
        for text in ["NAME", "petspot", "watch", "serve", "--gpsd"] {
            #expect(man.stdout.contains(text), "the rendered page has no \(text.debugDescription)")
        }

        // The completions, where each shell looks for them; bash loads its own and registers it.
        let bash = prefix.appendingPathComponent("share/bash-completion/completions/petspot")
        let zsh = prefix.appendingPathComponent("share/zsh/site-functions/_petspot")
        let fish = prefix.appendingPathComponent("share/fish/vendor_completions.d/petspot.fish")
        #expect(try String(contentsOf: zsh, encoding: .utf8).hasPrefix("#compdef petspot"))
        #expect(try String(contentsOf: fish, encoding: .utf8).contains("complete -c 'petspot'"))
        let loaded = try await run("/bin/bash", ["-c", "source \"$1\" && complete -p petspot", "bash", bash.path])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(
            loaded.stdout.hasPrefix("complete ") && loaded.stdout.contains(" -F _petspot petspot"),
            "\(loaded.stdout)")
        for file in [page, bash, zsh, fish] { #expect(try executableBits(file) == 0o644, "\(file.path)") }
    }

    @Test func theSystemdUnitVerifiesCleanWithItsBinaryAndManPageInstalled() async throws {
        let prefix = try await Installation.shared.prefix()
        let analyze = try InstallTools.require("systemd-analyze")
        let unit = try String(
            contentsOf: InstallTools.root.appendingPathComponent("deploy/petspot.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/petspot serve"))
        for setting in [
            "DynamicUser=yes", "StateDirectory=petspot", "LimitNOFILE=", "Restart=on-failure",
            "NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes", "PrivateDevices=yes",
            "RestrictAddressFamilies=", "SystemCallFilter=@system-service", "CapabilityBoundingSet=\n",
            "EnvironmentFile=-/etc/petspot/petspot.env", "PETSPOT_STORE=sqlite:/var/lib/petspot/reports.sqlite",
        ] {
            #expect(unit.contains(setting), "deploy/petspot.service has no \(setting.debugDescription)")
        }
        // The same unit, its ExecStart at the binary just installed (verify checks that it
        // exists) and man:petspot(1) found in the prefix (verify runs `man` for Documentation=).
        let copy = prefix.appendingPathComponent("petspot.service")
        try Data(
            unit.replacingOccurrences(
                of: "/usr/local/bin/petspot", with: prefix.appendingPathComponent("bin/petspot").path
            )
            .utf8
        ).write(to: copy)
        let manPath = ["MANPATH": prefix.appendingPathComponent("share/man").path]
        let verify = try await run(analyze, ["verify", copy.path], environment: manPath)
        #expect(verify.status == 0)
        #expect(
            verify.stdout.isEmpty && verify.stderr.isEmpty, "systemd-analyze verify:\n\(verify.stdout)\(verify.stderr)")

        // A unit that names a binary that is not there fails the same check: it does check.
        let broken = prefix.appendingPathComponent("broken.service")
        try Data(unit.replacingOccurrences(of: "/usr/local/bin/petspot", with: "/nonexistent/petspot").utf8).write(
            to: broken)
        let refused = try await run(analyze, ["verify", broken.path], environment: manPath)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("/nonexistent/petspot"), "\(refused.stderr)")

        // systemd's own exposure score for the sandbox: 1.4 of 10 when written ("OK"); fail
        // above 2.0 (--threshold is in tenths).
        let security = try await run(analyze, ["security", "--offline=yes", "--threshold=20", copy.path])
        #expect(security.status == 0, "systemd-analyze security:\n\(security.stdout)\(security.stderr)")
    }

    private func executableBits(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? 0) & 0o777
    }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) async throws
        -> ProcessRun.Output
    {
        try await ProcessRun.run(
            URL(fileURLWithPath: tool), arguments, environment: environment, timeout: .seconds(120))
    }
}

/// One `scripts/install --prefix TEMP --binary PETSPOT` for the suite (it builds
/// argument-parser's generate-manual the first time, in `.build/generate-manual`).
actor Installation {
    static let shared = Installation()
    private var done: Result<URL, any Error>?

    /// The prefix everything was installed under.
    func prefix() async throws -> URL {
        if let done { return try done.get() }
        let result: Result<URL, any Error>
        do {
            result = .success(try await install())
        } catch {
            result = .failure(error)
        }
        done = result
        return try result.get()
    }

    private func install() async throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-prefix-\(UUID())")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let script = InstallTools.root.appendingPathComponent("scripts/install")
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"),
            [script.path, "--prefix", prefix.path, "--binary", PetSpotProcess.binary.path],
            currentDirectory: InstallTools.root, timeout: .seconds(480))
        guard run.status == 0 else {
            throw InstallTools.Failure(description: "scripts/install exited \(run.status):\n\(run.stderr)")
        }
        return prefix
    }
}

/// The tools the install tests need, and whether they run.
enum InstallTools {
    /// A missing tool, or an install that failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL

    /// Tool → the Debian package that has it.
    static let packages = ["strip": "binutils", "nm": "binutils", "man": "man-db", "systemd-analyze": "systemd"]

    /// `true` with `CI=true` (a missing tool then fails), or when every tool is installed.
    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || packages.keys.allSatisfy { path(of: $0) != nil }
    }

    static func path(of tool: String) -> String? {
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
        return searchPath.split(separator: ":").map { "\($0)/\(tool)" }.first { access($0, X_OK) == 0 }
    }

    /// The full path of `tool`; throws, naming the package to install, when it is missing.
    static func require(_ tool: String) throws -> String {
        guard let path = path(of: tool) else {
            throw Failure(
                description: "\(tool) is not installed: bash scripts/install-deps --tests (Debian package "
                    + "\(packages[tool] ?? tool))")
        }
        return path
    }
}
