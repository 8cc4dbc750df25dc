import Foundation
import Glibc

/// gpsd's own view of its receiver, for tests that must wait for an event rather than for a
/// length of real time: a raw client on gpsd's port that subscribes like gpspipe
/// (`?WATCH={"enable":true,"json":true}`) and reads gpsd's JSON reports.
///
/// A test that starts gpsd (through gpsfake) and then a client under test waits with
/// ``waitForFix(hangGuard:)`` until gpsd itself has reported a fix, and gives the client its
/// deadline from that moment: on a loaded machine gpsfake, gpsd and the client may all be
/// slow to start, and a fixed budget counted from the start of the test fails for that alone.
///
/// ```swift
/// let fake = try GPSFake.start(log: epochs)
/// try GPSDProbe(port: fake.port).waitForFix()   // gpsd has a fix to give
/// // start the client; its deadline counts from here
/// ```
public final class GPSDProbe {
    /// The JSON lines gpsd sent so far.
    public private(set) var lines: [String] = []
    private let fd: Int32
    private var pending: [UInt8] = []
    private let port: Int

    /// Connects to gpsd on 127.0.0.1:`port` and subscribes.
    ///
    /// - Throws: ``GPSDTestError/socket(_:)`` when gpsd does not accept the connection.
    public init(port: Int) throws(GPSDTestError) {
        self.port = port
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket("socket: \(String(cString: strerror(errno)))") }
        var address = LoopbackSocket.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .socket("connect to gpsd at 127.0.0.1:\(port): \(reason)")
        }
        self.fd = fd
        let watch = Array("?WATCH={\"enable\":true,\"json\":true}\n".utf8)
        guard watch.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == watch.count else {
            close(fd)
            throw .socket("cannot send ?WATCH to gpsd at 127.0.0.1:\(port)")
        }
    }

    deinit { close(fd) }

    /// Reads gpsd's reports until one is a fix (a `TPV` of mode 2 or 3), and returns it.
    ///
    /// - Parameter hangGuard: seconds of real time after which gpsd is taken to be stuck: far
    ///   above any normal start (gpsd and gpsfake give a fix within a second on an idle
    ///   machine), only so that a broken gpsd cannot hang the suite.
    /// - Throws: ``GPSDTestError/socket(_:)`` when gpsd closes the connection or gives no fix
    ///   within `hangGuard`, with the reports it sent.
    @discardableResult
    public func waitForFix(hangGuard: Double = 120) throws(GPSDTestError) -> String {
        try waitFor("fix", hangGuard: hangGuard, Self.isFix)
    }

    /// Reads gpsd's reports until one is a position report (a `TPV` of any mode: gpsd has read
    /// an epoch from its receiver), and returns it.
    ///
    /// - Parameter hangGuard: as for ``waitForFix(hangGuard:)``.
    /// - Throws: as ``waitForFix(hangGuard:)`` does.
    @discardableResult
    public func waitForReport(hangGuard: Double = 120) throws(GPSDTestError) -> String {
        try waitFor("a position report", hangGuard: hangGuard) { $0.contains("\"class\":\"TPV\"") }
    }

    private func waitFor(_ what: String, hangGuard: Double, _ matches: (String) -> Bool) throws(GPSDTestError)
        -> String
    {
        let deadline = Date().addingTimeInterval(hangGuard)
        var next = 0
        while true {
            while next < lines.count {
                let line = lines[next]
                next += 1
                if matches(line) { return line }
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw .socket(
                    "gpsd at 127.0.0.1:\(port) reported no \(what) within \(hangGuard) s; it sent:\n"
                        + lines.suffix(20).joined(separator: "\n"))
            }
            guard try read(waitingAtMost: min(remaining, 1)) else {
                throw .socket(
                    "gpsd at 127.0.0.1:\(port) closed the connection before \(what); it sent:\n"
                        + lines.suffix(20).joined(separator: "\n"))
            }
        }
    }

    /// Whether `line` is a gpsd report of a fix: class TPV, mode 2 or 3.
    static func isFix(_ line: String) -> Bool {
        line.contains("\"class\":\"TPV\"") && (line.contains("\"mode\":2") || line.contains("\"mode\":3"))
    }

    /// Reads what arrives within `seconds`; `false` once gpsd closed the connection.
    private func read(waitingAtMost seconds: Double) throws(GPSDTestError) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, Int32(seconds * 1000))
        if ready < 0 && errno != EINTR { throw .socket("poll: \(String(cString: strerror(errno)))") }
        guard ready > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        pending += buffer[..<count]
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<end], as: UTF8.self))
            pending.removeSubrange(...end)
        }
        return true
    }
}
