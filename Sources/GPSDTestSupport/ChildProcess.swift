public import Foundation
import Glibc

/// An external process (gpsd, gpsfake, gpspipe) started in its own process group, so that
/// ``kill()`` ends it and everything it started (gpsfake's gpsd) with one `SIGKILL`, and
/// killed at the latest when the value is released. Its output goes to a log file whose
/// text ``output`` reads back for error messages.
///
/// ```swift
/// let gpsd = try ChildProcess.start("/usr/sbin/gpsd", ["-N", "-S", "12947", "tcp://127.0.0.1:12948"])
/// defer { gpsd.kill() }
/// ```
public final class ChildProcess: Sendable {
    /// The process id (also its process group id).
    public let pid: pid_t
    /// The command line, for messages.
    public let commandLine: String
    /// Where its stdout and stderr go.
    public let logFile: URL

    /// Starts `executable` with `arguments` in a new process group, stdin from /dev/null,
    /// stdout and stderr to a log file in `directory`.
    ///
    /// - Throws: ``GPSDTestError/launchFailed(_:_:)`` when it cannot be started.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        directory: URL = FileManager.default.temporaryDirectory
    ) throws(GPSDTestError) -> ChildProcess {
        try ChildProcess(executable, arguments, environment: environment, directory: directory)
    }

    /// Spawns the process.
    private init(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: URL
    ) throws(GPSDTestError) {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let logFile = directory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8)).log")
        let commandLine = ([executable] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw .launchFailed(commandLine, String(cString: strerror(status))) }
        self.pid = pid
        self.commandLine = commandLine
        self.logFile = logFile
    }

    /// What the process printed so far.
    public var output: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// Whether the process has not exited yet (reaps it if it has).
    public var isRunning: Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == 0
    }

    /// Sends `SIGKILL` to the whole process group and reaps the process (waiting at most
    /// `timeout` seconds). Safe to call more than once.
    public func kill(timeout: Double = 5) {
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || result == -1 { return }
            usleep(2_000)
        }
    }

    /// Waits at most `timeout` seconds for the process to exit by itself; its exit status,
    /// or `nil` if it still runs.
    public func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        repeat {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            if result == -1 { return -1 }
            usleep(5_000)
        } while Date() < deadline
        return nil
    }

    deinit {
        kill()
    }
}
