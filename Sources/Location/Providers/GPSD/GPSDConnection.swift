import CGPS
import Foundation
import Glibc
import Locking

/// One libgps session: owns a `gps_data_t` (about 24 KB, not Sendable) from ``init()`` to
/// `deinit`, and wraps the libgps calls on it, each behind a Swift method whose doc names the
/// C function. This file is the only one that imports `CGPS`.
///
/// Used on one thread at a time (``GPSDMultiplexer``'s reader thread, or the caller of a
/// ``GPSDLineDecoder``). libgps parses into static storage, so every parse of the process
/// (`gps_read`, `gps_unpack`) is serialised by one lock, ``parseLock``; uncontended it costs
/// a few nanoseconds.
///
/// ```swift
/// var connection = GPSDConnection()
/// try connection.open(host: "127.0.0.1", port: "2947")
/// try connection.stream()
/// while connection.waiting() {
///     guard let message = try connection.read() else { break }  // part of a line: poll() the socket
///     if case .report(let report) = message { print(report.event(source: source)) }
/// }
/// connection.close()
/// ```
struct GPSDConnection: ~Copyable {
    /// The longest line libgps takes: its buffer (2 × `GPS_JSON_RESPONSE_MAX`, measured on
    /// libgps 3.22 with a peer). A line that fills it without a newline ends the connection.
    static let lineLimit = 20_480

    /// What one complete line was.
    enum Message: Sendable, Hashable {
        /// A report with a mode (a `TPV`), with the satellites of the last `SKY`.
        case report(GPSDReport)
        /// Anything else: `VERSION`, `DEVICES`, `WATCH`, `SKY`, an error, or a line libgps could
        /// not parse.
        case other
    }

    private static let parseLock = Locked(())

    private let data: UnsafeMutablePointer<gps_data_t>
    private var isOpen = false
    /// From the last `SKY` report; `nil` until one arrives.
    private var satellitesUsed: Int?

    /// A session with nothing open yet (``open(host:port:)`` connects; ``unpack(_:)`` needs no
    /// connection).
    init() {
        data = .allocate(capacity: 1)
        data.initialize(to: gps_data_t())
    }

    deinit {
        if isOpen { _ = gps_close(data) }
        data.deinitialize(count: 1)
        data.deallocate()
    }

    /// Connects to gpsd at `host`:`port`. The corresponding C function is `gps_open`.
    ///
    /// - Throws: ``GPSDConnectionError`` for libgps' failure code (``GPSDConnectionError/cannotConnect``
    ///   when nothing listens).
    mutating func open(host: String, port: String) throws(GPSDConnectionError) {
        errno = 0
        guard gps_open(host, port, data) == 0 else { throw Self.openError(code: errno) }
        isOpen = true
    }

    /// Asks gpsd to stream JSON reports (`?WATCH={"enable":true,"json":true}`). The
    /// corresponding C function is `gps_stream` with `WATCH_ENABLE | WATCH_JSON`.
    func stream() throws(GPSDConnectionError) {
        guard gps_stream(data, UInt32(WATCH_ENABLE | WATCH_JSON), nil) == 0 else { throw .watchRefused }
    }

    /// The socket, for `poll()`.
    var fileDescriptor: Int32 { data.pointee.gps_fd }

    /// Whether a read may make progress now: libgps holds buffered bytes, or the socket is
    /// readable. Does not wait. The corresponding C function is `gps_waiting`.
    ///
    /// While libgps holds only part of a line this stays `true` although nothing can be read:
    /// after ``read()`` returns `nil`, wait for the socket with `poll()` instead.
    func waiting() -> Bool { gps_waiting(data, 0) }

    /// Reads one line: the next buffered line, or what the socket has. The corresponding C
    /// function is `gps_read`.
    ///
    /// - Returns: the line's ``Message``, or `nil` when no line is complete yet (libgps keeps
    ///   the part it has; the socket had no more).
    /// - Throws: ``GPSDConnectionError/lost`` when the peer closed the connection or the socket
    ///   failed, ``GPSDConnectionError/lineTooLong(limit:)`` when a line filled libgps' buffer.
    mutating func read() throws(GPSDConnectionError) -> Message? {
        data.pointee.set = 0  // non-position reports add bits without clearing old ones
        let (status, readError) = Self.parseLock.withLock { _ in
            errno = 0
            let status = gps_read(data, nil, 0)
            return (status, errno)
        }
        guard status >= 0 else { throw endError(errno: readError) }
        guard data.pointee.set & PACKET_SET != 0 else { return nil }
        return message()
    }

    /// Parses one line of gpsd JSON with libgps' own parser, as ``read()`` does for a line
    /// from the socket; needs no connection. Lines over ``lineLimit`` bytes, which a
    /// connection never delivers, are ``Message/other``. The corresponding C function is
    /// `gps_unpack`.
    mutating func unpack(_ line: some StringProtocol) -> Message {
        var bytes = Array(line.utf8)
        guard bytes.count < Self.lineLimit else { return .other }
        bytes.append(0)
        data.pointee.set = 0
        _ = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                Self.parseLock.withLock { _ in gps_unpack(characters.baseAddress, data) }
            }
        }
        return message()
    }

    /// Stops the watch and closes the socket; nothing when not open. The corresponding C
    /// functions are `gps_stream` with `WATCH_DISABLE` and `gps_close`.
    mutating func close() {
        guard isOpen else { return }
        _ = gps_stream(data, UInt32(WATCH_DISABLE), nil)
        _ = gps_close(data)
        isOpen = false
    }

    /// The parsed line as a ``Message``: numbers copied as libgps left them.
    private mutating func message() -> Message {
        let set = data.pointee.set
        if set & SATELLITE_SET != 0 { satellitesUsed = Int(data.pointee.satellites_used) }
        guard set & MODE_SET != 0 else { return .other }
        let fix = data.pointee.fix
        return .report(
            GPSDReport(
                mode: Int(fix.mode), latitude: fix.latitude, longitude: fix.longitude, altitudeMSL: fix.altMSL,
                altitudeHAE: fix.altHAE, eph: fix.eph, epx: fix.epx, epy: fix.epy, epv: fix.epv, speed: fix.speed,
                track: fix.track, timeSeconds: Int(fix.time.tv_sec), timeNanoseconds: Int(fix.time.tv_nsec),
                satellitesUsed: satellitesUsed))
    }

    /// Why `gps_read` failed. libgps returns -1 with `errno` 0 both when the peer closed the
    /// connection and when a line filled its buffer; the socket tells them apart: at the end
    /// of the stream it reads as closed (`recv` returns 0), after an over-long line it does not.
    private func endError(errno readError: Int32) -> GPSDConnectionError {
        guard readError == 0 else { return .lost }
        var byte: UInt8 = 0
        let peeked = recv(data.pointee.gps_fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        let pending = peeked > 0 || (peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return pending ? .lineTooLong(limit: Self.lineLimit) : .lost
    }

    /// The named case for `gps_open`'s failure code (libgps' `NL_*` codes, negative).
    private static func openError(code: Int32) -> GPSDConnectionError {
        switch code {
        case NL_NOSERVICE: .noService
        case NL_NOHOST: .noHost
        case NL_NOPROTO: .noProtocol
        case NL_NOSOCK: .noSocket
        case NL_NOSOCKOPT: .noSocketOption
        case NL_NOCONNECT: .cannotConnect
        default: .other(code: code)
        }
    }
}
