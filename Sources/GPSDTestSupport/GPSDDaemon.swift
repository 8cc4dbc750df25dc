public import Foundation
import Locking

/// A real gpsd on a free loopback port, reading an ``NMEAFeedServer`` the test owns:
/// `gpsd -N -n -b -S PORT tcp://127.0.0.1:FEEDPORT`, in its own process group, killed by
/// ``kill()`` or at the latest when released. ``restart()`` starts it again on the same port.
/// ``start(feeds:port:timeout:)`` gives it several feeds: one gpsd with two receivers, each a
/// device named ``devicePath(of:)``.
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
    /// The (first) feed gpsd reads.
    public var feed: NMEAFeedServer { feeds[0] }
    /// Every feed gpsd reads, one device each.
    public let feeds: [NMEAFeedServer]
    /// The directory with gpsd's log.
    public let directory: URL
    private let current: Locked<ChildProcess>

    /// The running gpsd.
    public var process: ChildProcess { current.withLock { $0 } }

    private init(port: Int, feeds: [NMEAFeedServer], directory: URL, process: ChildProcess) {
        self.port = port
        self.feeds = feeds
        self.directory = directory
        current = Locked(process)
    }

    /// Starts gpsd on `port` (a free one when `nil`) reading `feed`, and waits (at most
    /// `timeout` seconds) until it accepts clients and has connected to the feed.
    ///
    /// - Throws: ``GPSDTestError`` when gpsd is missing or does not come up.
    public static func start(feed: NMEAFeedServer, port: Int? = nil, timeout: Double = GPSDDaemon.hangGuard)
        throws(GPSDTestError)
        -> GPSDDaemon
    {
        try start(feeds: [feed], port: port, timeout: timeout)
    }

    /// Starts gpsd on `port` (a free one when `nil`) reading every feed of `feeds` (at least
    /// one) as its own device, and waits until it accepts clients and has connected to each.
    ///
    /// - Throws: ``GPSDTestError`` when gpsd is missing or does not come up.
    public static func start(feeds: [NMEAFeedServer], port: Int? = nil, timeout: Double = GPSDDaemon.hangGuard)
        throws(GPSDTestError)
        -> GPSDDaemon
    {
        precondition(!feeds.isEmpty, "gpsd needs at least one feed")
        let directory = try GPSDTools.makeTemporaryDirectory()
        var chosen = port ?? 0
        if chosen == 0 { chosen = try LoopbackSocket.freePort() }
        let port = chosen
        let process = try launch(port: port, feeds: feeds, directory: directory, timeout: timeout)
        return GPSDDaemon(port: port, feeds: feeds, directory: directory, process: process)
    }

    /// The device name gpsd gives `feed`: `tcp://127.0.0.1:FEEDPORT` (what a client names after
    /// `HOST:PORT:` to watch only this receiver).
    public static func devicePath(of feed: NMEAFeedServer) -> String {
        "tcp://127.0.0.1:\(feed.port)"
    }

    private static func launch(port: Int, feeds: [NMEAFeedServer], directory: URL, timeout: Double)
        throws(GPSDTestError) -> ChildProcess
    {
        let gpsd = try GPSDTools.require(GPSDTools.gpsd)
        let readersBefore = feeds.map(\.acceptedCount)
        let process = try ChildProcess.start(
            gpsd, ["-N", "-n", "-b", "-S", String(port)] + feeds.map(devicePath(of:)),
            environment: ["TMPDIR": directory.path], directory: directory)
        guard LoopbackSocket.waitUntilAccepting(port: port, timeout: timeout),
            zip(feeds, readersBefore).allSatisfy({ feed, before in
                feed.waitForReader(count: before + 1, timeout: timeout)
            })
        else {
            process.kill()
            throw .notListening(process.commandLine, port: port, output: process.output)
        }
        return process
    }

    /// How long, in seconds of real time, start and restart wait for gpsd to listen and reach
    /// its feeds: a hang guard far above the few milliseconds that takes on an idle machine.
    public static let hangGuard: Double = 120

    /// Kills gpsd (`SIGKILL`, like a crash): its clients' connections drop at once.
    public func kill() {
        process.kill()
    }

    /// Starts gpsd again on the same port, reading the same feed.
    public func restart(timeout: Double = GPSDDaemon.hangGuard) throws(GPSDTestError) {
        process.kill()
        let process = try Self.launch(port: port, feeds: feeds, directory: directory, timeout: timeout)
        current.withLock { $0 = process }
    }

    deinit {
        process.kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
