import Foundation
import Glibc
import Locking
import Synchronization

/// A TCP server on a free loopback port that plays a GPS receiver: gpsd started with
/// `tcp://127.0.0.1:PORT` connects to it and reads the NMEA lines the test sends, with
/// exact timing and no gpsfake quirks. Accepts reconnections (a restarted gpsd).
///
/// ```swift
/// let feed = try NMEAFeedServer()
/// let gpsd = try GPSDDaemon.start(feed: feed)
/// try feed.waitForReader(timeout: 5)
/// feed.send(NMEA.epoch(latitude: 52.2297, longitude: 21.0122, time: Date()))
/// ```
public final class NMEAFeedServer: Sendable {
    /// The port gpsd connects to.
    public let port: Int
    private let listener: Int32
    private let shared = Shared()

    /// The accepted connections, shared with the accepting thread.
    private final class Shared: Sendable {
        let readers = Locked<[Int32]>([])
        /// Every connection accepted so far, including those since dropped.
        let accepted = Atomic<Int>(0)
        let closed = Atomic<Bool>(false)
    }

    /// Listens on a free port of 127.0.0.1 and accepts readers on a background thread.
    public init() throws(GPSDTestError) {
        listener = try LoopbackSocket.listen(port: 0)
        do {
            port = try LoopbackSocket.port(of: listener)
        } catch {
            Glibc.close(listener)
            throw error
        }
        let listener = self.listener
        Thread.detachNewThread { [shared] in
            while !shared.closed.load(ordering: .relaxed) {
                let fd = accept(listener, nil, nil)
                if fd < 0 {
                    if errno == EINTR { continue }
                    return
                }
                shared.readers.withLock { $0.append(fd) }
                shared.accepted.add(1, ordering: .relaxed)
            }
        }
    }

    /// How many readers (gpsd instances) are connected.
    public var readerCount: Int { shared.readers.withLock { $0.count } }

    /// How many readers have connected so far in total, those since gone included: it only
    /// grows, so "one more than before" is an event that cannot be missed. (``readerCount``
    /// falls when ``send(_:)`` finds a killed gpsd's connection dead: counted before the
    /// restart and compared after it, a restarted gpsd was waited for until the time ran out,
    /// in the chaos test's 25 restarts under a CPU hog.)
    public var acceptedCount: Int { shared.accepted.load(ordering: .relaxed) }

    /// Waits at most `timeout` seconds for at least `count` readers in total to have connected.
    public func waitForReader(count: Int = 1, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if acceptedCount >= count { return true }
            usleep(5_000)
        } while Date() < deadline
        return false
    }

    /// Sends each line, ended by CR LF, to every connected reader; drops readers that went
    /// away. Returns how many readers got them.
    @discardableResult
    public func send(_ lines: [String]) -> Int {
        send(bytes: Array(lines.map { $0 + "\r\n" }.joined().utf8))
    }

    /// Sends `text` as it is, with no line end (part of a line, as a hostile or broken peer
    /// may), to every connected reader. Returns how many readers got it.
    @discardableResult
    public func send(unterminated text: String) -> Int {
        send(bytes: Array(text.utf8))
    }

    private func send(bytes: [UInt8]) -> Int {
        shared.readers.withLock { readers in
            readers.removeAll { fd in
                var offset = 0
                while offset < bytes.count {
                    let written = bytes[offset...].withUnsafeBytes { buffer in
                        Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                    }
                    if written <= 0 {
                        Glibc.close(fd)
                        return true
                    }
                    offset += written
                }
                return false
            }
            return readers.count
        }
    }

    /// Keeps a stream going: sends `lines(step)` for step 0, 1, 2, … every `interval` until
    /// the returned task is cancelled (for clients that reconnect meanwhile).
    ///
    /// ```swift
    /// let feeder = feed.sendRepeatedly { step in NMEA.epoch(latitude: 52.2297, longitude: 21.0122, time: start + Double(step)) }
    /// defer { feeder.cancel() }
    /// ```
    public func sendRepeatedly(
        every interval: Duration = .milliseconds(50), _ lines: @escaping @Sendable (Int) -> [String]
    ) -> Task<Void, Never> {
        Task {
            var step = 0
            while !Task.isCancelled {
                send(lines(step))
                step += 1
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Closes every connection made so far but keeps accepting new ones: to a client, the
    /// peer hung up.
    public func dropReaders() {
        shared.readers.withLock { readers in
            for fd in readers { Glibc.close(fd) }
            readers = []
        }
    }

    /// Stops accepting and closes every connection.
    public func close() {
        guard !shared.closed.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        shared.readers.withLock { readers in
            for fd in readers { Glibc.close(fd) }
            readers = []
        }
    }

    deinit { close() }
}
