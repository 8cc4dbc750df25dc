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
/// (`libgps_json_unpack`) is serialised by one lock, ``parseLock``; uncontended it costs a
/// few nanoseconds. Lines are read off the socket here, not by `gps_read` (see ``read()``).
///
/// ```swift
/// var connection = GPSDConnection()
/// try connection.open(host: "127.0.0.1", port: "2947")
/// try connection.stream()
/// while let message = try connection.read() {   // nil: nothing more now, poll() the socket
///     if case .report(let report) = message { print(report.event(source: source)) }
/// }
/// connection.close()
/// ```
struct GPSDConnection: ~Copyable {
    /// The longest line taken, as libgps' own buffer (2 × `GPS_JSON_RESPONSE_MAX`, measured on
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
    /// The device chosen by ``stream(device:)`` as a C string, or empty for every device.
    private var chosenDevice: [CChar] = []
    /// From the last `SKY` report; `nil` until one arrives.
    private var satellitesUsed: Int?
    /// Bytes read from the socket and not yet parsed, from `start`; at most ``lineLimit``.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where `recv` writes.
    private var scratch = [UInt8](repeating: 0, count: 16_384)
    /// Whether the socket may hold bytes not read yet (see ``read()``).
    private var socketMayHaveMore = true
    /// The line being parsed, NUL-terminated for libgps; kept between lines.
    private var parseBuffer: [UInt8] = []
    private static let newline = UInt8(ascii: "\n")

    /// A session with nothing open yet (``open(host:port:)`` connects; ``unpack(_:)`` needs no
    /// connection).
    init() {
        // Zeroed bytes (what `gps_data_t()` gives, without building the 24 KB value field by
        // field, which made each new session cost milliseconds in a debug build).
        let size = MemoryLayout<gps_data_t>.size
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<gps_data_t>.alignment)
        memset(raw, 0, size)
        data = raw.bindMemory(to: gps_data_t.self, capacity: 1)
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

    /// Asks gpsd to stream JSON reports (`?WATCH={"enable":true,"json":true}`), of one device
    /// only when `device` is given (`"device":"/dev/ttyUSB0"`). The corresponding C function is
    /// `gps_stream` with `WATCH_ENABLE | WATCH_JSON`, and `WATCH_DEVICE` with the device's path.
    ///
    /// With a device, ``read()`` also drops any report that names another device, so the
    /// fixes of a second receiver never arrive even from a gpsd that sent them.
    mutating func stream(device: String? = nil) throws(GPSDConnectionError) {
        let result: Int32
        if let device {
            chosenDevice = Array(device.utf8CString)
            result = chosenDevice.withUnsafeMutableBufferPointer { path in
                gps_stream(data, UInt32(WATCH_ENABLE | WATCH_JSON | WATCH_DEVICE), path.baseAddress)
            }
        } else {
            chosenDevice = []
            result = gps_stream(data, UInt32(WATCH_ENABLE | WATCH_JSON), nil)
        }
        guard result == 0 else { throw .watchRefused }
    }

    /// The socket, for `poll()`.
    var fileDescriptor: Int32 { data.pointee.gps_fd }

    /// Says that `poll()` reported the socket readable: the next ``read()`` may take from it.
    mutating func socketBecameReadable() {
        socketMayHaveMore = true
    }

    /// Reads one line: the next buffered line, or what the socket has, and parses it with
    /// libgps (``unpack(_:)``). Never waits.
    ///
    /// Lines are split here, not by `gps_read`: `gps_read` parses with `gps_unpack`, whose loop
    /// in libgps 3.22 never ends on some malformed lines (`{"class""class":"TPV"}`, found by the
    /// `FuzzGPSDReport` fuzz target), which froze this thread for every connection. Nor is
    /// `gps_waiting` asked first: it is a `select()` per call; a `recv` that takes less than it
    /// asked for already says the socket is empty.
    ///
    /// - Returns: the line's ``Message``, or `nil` when no line is complete and the socket has
    ///   nothing more (the part of a line is kept): wait with `poll()`, then call
    ///   ``socketBecameReadable()``. So a peer that sends part of a line and stops costs
    ///   nothing until it sends more.
    /// - Throws: ``GPSDConnectionError/lost`` when the peer closed the connection or the socket
    ///   failed, ``GPSDConnectionError/lineTooLong(limit:)`` when ``lineLimit`` bytes came
    ///   without a line end.
    mutating func read() throws(GPSDConnectionError) -> Message? {
        while true {
            if let line = takeLine() { return unpack(line) }
            guard socketMayHaveMore else { return nil }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let space = Self.lineLimit - buffer.count
            guard space > 0 else { throw .lineTooLong(limit: Self.lineLimit) }
            let wanted = min(space, scratch.count)
            let received = scratch.withUnsafeMutableBytes { bytes in
                recv(data.pointee.gps_fd, bytes.baseAddress, wanted, Int32(MSG_DONTWAIT))
            }
            if received == 0 { throw .lost }
            if received < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .lost }
                if errno != EINTR { socketMayHaveMore = false }
                continue
            }
            // Less than asked for: the socket had no more (a stream socket gives what it has).
            if received < wanted { socketMayHaveMore = false }
            buffer.append(contentsOf: scratch[..<received])
        }
    }

    /// Parses one line of gpsd JSON with libgps' own parser, as ``read()`` does for a line
    /// from the socket; needs no connection. A line longer than ``lineLimit`` bytes, which a
    /// connection never delivers, is ``Message/other``. The corresponding C function is
    /// `libgps_json_unpack`, called once (gpsd writes one object per line): not `gps_unpack`,
    /// whose loop over several objects never ends on some malformed lines.
    mutating func unpack(_ line: some StringProtocol) -> Message {
        let bytes = Array(line.utf8)
        return unpack(bytes[...])
    }

    private mutating func unpack(_ line: ArraySlice<UInt8>) -> Message {
        guard line.count < Self.lineLimit, line.first == UInt8(ascii: "{") else { return .other }
        // Into a buffer kept between lines, with the NUL libgps needs: no allocation per line.
        parseBuffer.removeAll(keepingCapacity: true)
        parseBuffer.append(contentsOf: line)
        parseBuffer.append(0)
        data.pointee.set = 0  // non-position reports add bits without clearing old ones
        data.pointee.dev.path.0 = 0  // a report without "device" must not keep the last one's
        _ = parseBuffer.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                Self.parseLock.withLock { _ in
                    var end = characters.baseAddress
                    return libgps_json_unpack(characters.baseAddress, data, &end)
                }
            }
        }
        return message()
    }

    /// The next complete line in the buffer, without its `\n` (valid until the next read).
    private mutating func takeLine() -> ArraySlice<UInt8>? {
        guard let end = buffer[start...].firstIndex(of: Self.newline) else { return nil }
        let line = buffer[start..<end]
        start = end + 1
        return line
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
        guard set & MODE_SET != 0, isFromChosenDevice else { return .other }
        let fix = data.pointee.fix
        return .report(
            GPSDReport(
                mode: Int(fix.mode), latitude: fix.latitude, longitude: fix.longitude, altitudeMSL: fix.altMSL,
                altitudeHAE: fix.altHAE, eph: fix.eph, epx: fix.epx, epy: fix.epy, epv: fix.epv, speed: fix.speed,
                track: fix.track, timeSeconds: Int(fix.time.tv_sec), timeNanoseconds: Int(fix.time.tv_nsec),
                satellitesUsed: satellitesUsed))
    }

    /// Whether the last parsed report came from the device ``stream(device:)`` chose: always
    /// with no device chosen, or when the report does not name its device.
    private var isFromChosenDevice: Bool {
        guard !chosenDevice.isEmpty, data.pointee.dev.path.0 != 0 else { return true }
        return withUnsafeBytes(of: data.pointee.dev.path) { path in
            chosenDevice.withUnsafeBufferPointer { chosen in
                guard let reported = path.baseAddress?.assumingMemoryBound(to: CChar.self),
                    let wanted = chosen.baseAddress
                else { return false }
                return strncmp(reported, wanted, path.count) == 0
            }
        }
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
