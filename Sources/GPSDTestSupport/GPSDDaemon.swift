public import Foundation
import Locking

/// A real gpsd on a free loopback port, reading an ``NMEAFeedServer`` the test owns:
/// `gpsd -N -n -b -S PORT tcp://127.0.0.1:FEEDPORT`, in its own process group, killed by
/// ``kill()`` or at the latest when released. ``restart()`` starts it again on the same port.
///
/// ```swift
/// let feed = try NMEAFeedServer()
/// let gpsd = try GPSDDaemon.start(feed: feed)
/// // connect a client to 127.0.0.1:\(gpsd.port)
/// gpsd.kill()                 // clients see the connection drop
/// try gpsd.restart()          // …and can reconnect
/// ```
public final class GPSDDaemon: Sendable {
    /// The port gpsd serves clients on.
    public let port: Int
    /// The feed gpsd reads.
    public let feed: NMEAFeedServer
    /// The directory with gpsd's log.
    public let directory: URL
    private let current: Locked<ChildProcess>

    /// The running gpsd.
    public var process: ChildProcess { current.withLock { $0 } }

    private init(port: Int, feed: NMEAFeedServer, directory: URL, process: ChildProcess) {
        self.port = port
        self.feed = feed
        self.directory = directory
        current = Locked(process)
    }

    /// Starts gpsd on `port` (a free one when `nil`) reading `feed`, and waits (at most
    /// `timeout` seconds) until it accepts clients and has connected to the feed.
    ///
    /// - Throws: ``GPSDTestError`` when gpsd is missing or does not come up.
    public static func start(feed: NMEAFeedServer, port: Int? = nil, timeout: Double = 10) throws(GPSDTestError)
        -> GPSDDaemon
    {
        let directory = try GPSDTools.makeTemporaryDirectory()
        var chosen = port ?? 0
        if chosen == 0 { chosen = try LoopbackSocket.freePort() }
        let port = chosen
        let process = try launch(port: port, feed: feed, directory: directory, timeout: timeout)
        return GPSDDaemon(port: port, feed: feed, directory: directory, process: process)
    }

    private static func launch(port: Int, feed: NMEAFeedServer, directory: URL, timeout: Double)
        throws(GPSDTestError) -> ChildProcess
    {
        let gpsd = try GPSDTools.require(GPSDTools.gpsd)
        let readersBefore = feed.readerCount
        let process = try ChildProcess.start(
            gpsd, ["-N", "-n", "-b", "-S", String(port), "tcp://127.0.0.1:\(feed.port)"],
            environment: ["TMPDIR": directory.path], directory: directory)
        guard LoopbackSocket.waitUntilAccepting(port: port, timeout: timeout),
            feed.waitForReader(count: readersBefore + 1, timeout: timeout)
        else {
            process.kill()
            throw .notListening(process.commandLine, port: port, output: process.output)
        }
        return process
    }

    /// Kills gpsd (`SIGKILL`, like a crash): its clients' connections drop at once.
    public func kill() {
        process.kill()
    }

    /// Starts gpsd again on the same port, reading the same feed.
    public func restart(timeout: Double = 10) throws(GPSDTestError) {
        process.kill()
        let process = try Self.launch(port: port, feed: feed, directory: directory, timeout: timeout)
        current.withLock { $0 = process }
    }

    deinit {
        process.kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
