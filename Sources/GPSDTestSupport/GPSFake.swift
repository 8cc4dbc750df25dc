public import Foundation

/// `gpsfake` (gpsd-clients) replaying a log through a real gpsd on a free loopback port.
///
/// Runs `/usr/bin/python3 gpsfake -n -q -c CYCLE -P PORT LOG` (looping over the log) in its
/// own process group with its own `TMPDIR`; ``stop()`` (or releasing it) kills the group with
/// `SIGKILL`, since `SIGTERM` can leave gpsfake hanging with a zombie gpsd.
///
/// ```swift
/// let fake = try GPSFake.start(log: NMEA.epoch(latitude: 52.2297, longitude: 21.0122, time: date))
/// // connect to 127.0.0.1:\(fake.port)
/// ```
public final class GPSFake: Sendable {
    /// The port gpsd serves clients on.
    public let port: Int
    /// The directory with the log and gpsfake's own files.
    public let directory: URL
    /// The running gpsfake.
    public let process: ChildProcess

    /// Writes `lines` to a log file and replays it.
    ///
    /// - Parameters:
    ///   - lines: NMEA sentences (or `gpspipe -w` JSON lines).
    ///   - cycle: seconds between sentences (`-c`).
    ///   - once: stop after one pass (`-1`) instead of looping.
    ///   - timeout: how long to wait for gpsd to accept clients.
    ///
    /// Returns once gpsd has reported the first epoch it read from the log (a `TPV`; with
    /// `once`, as soon as gpsd accepts clients).
    public static func start(
        log lines: [String], cycle: Double = 0.05, once: Bool = false, timeout: Double = GPSDDaemon.hangGuard
    )
        throws(GPSDTestError) -> GPSFake
    {
        let directory = try GPSDTools.makeTemporaryDirectory()
        let log = directory.appendingPathComponent("receiver.log")
        do {
            try (lines.joined(separator: "\r\n") + "\r\n").write(to: log, atomically: true, encoding: .utf8)
        } catch {
            throw .socket("cannot write \(log.path): \(error)")
        }
        return try GPSFake(logFile: log, directory: directory, cycle: cycle, once: once, timeout: timeout)
    }

    /// Replays an existing log file (a recorded receiver log).
    public static func start(
        logFile: URL, cycle: Double = 0.05, once: Bool = false, timeout: Double = GPSDDaemon.hangGuard
    )
        throws(GPSDTestError) -> GPSFake
    {
        let directory = try GPSDTools.makeTemporaryDirectory()
        return try GPSFake(logFile: logFile, directory: directory, cycle: cycle, once: once, timeout: timeout)
    }

    /// Starts gpsfake on `logFile`, its files in `directory`, and waits until gpsd reports.
    private init(logFile: URL, directory: URL, cycle: Double, once: Bool, timeout: Double) throws(GPSDTestError) {
        _ = try GPSDTools.require(GPSDTools.gpsd)
        let gpsfake = try GPSDTools.require(GPSDTools.gpsfake)
        let port = try LoopbackSocket.freePort()
        let arguments =
            [gpsfake] + (once ? ["-1", "-W", "30"] : []) + [
                "-n", "-q", "-c", String(cycle), "-P", String(port), logFile.path,
            ]
        // gpsfake needs the system python's `gps` module (python3-gps), not a pyenv python.
        let process = try ChildProcess.start(
            "/usr/bin/python3", arguments, environment: ["TMPDIR": directory.path], directory: directory)
        guard LoopbackSocket.waitUntilAccepting(port: port, timeout: timeout) else {
            process.kill()
            throw .notListening(process.commandLine, port: port, output: process.output)
        }
        do {
            try Self.registerDevice(of: process, directory: directory, hangGuard: GPSDDaemon.hangGuard)
        } catch {
            process.kill()
            throw .socket("\(error)\ngpsfake (\(process.commandLine)) printed:\n\(process.output)")
        }
        // gpsd listens before gpsfake has added its device and fed it: wait until gpsd has
        // reported an epoch of the log, so the test's own client starts against a gpsd that
        // is already reporting, however long gpsfake and gpsd took to start on a busy
        // machine. Not with `once`: the pass this probe watched would be gone for the client.
        if !once {
            do {
                try GPSDProbe(port: port).waitForReport(hangGuard: GPSDDaemon.hangGuard)
            } catch {
                process.kill()
                throw .socket("\(error)\ngpsfake (\(process.commandLine)) printed:\n\(process.output)")
            }
        }
        self.port = port
        self.directory = directory
        self.process = process
    }

    /// Kills gpsfake and its gpsd.
    public func stop() {
        process.kill()
    }

    deinit {
        process.kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
