import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A client on a raw loopback TCP socket that sends exactly the bytes a test gives it, as a
/// hostile or slow client would: half a request head, a body that never ends, a body larger
/// than announced. Non-blocking, waited on with short sleeps, so it never holds a thread of
/// the cooperative pool the server in the same process needs.
final class RawConnection: @unchecked Sendable {
    // @unchecked Sendable: a connection is used by one test task at a time; `fd` is set once.
    let fd: Int32
    private(set) var received: [UInt8] = []

    enum Failure: Error, CustomStringConvertible {
        case socket(String)
        case timedOut(String)
        var description: String {
            switch self {
            case .socket(let text), .timedOut(let text): text
            }
        }
    }

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address, `127.0.0.2`, is
    /// another client).
    init(port: Int, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.socket("socket: \(String(cString: strerror(errno)))") }
        for (call, host, port) in [("bind", source, 0), ("connect", "127.0.0.1", port)] {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr(host)
            let fd = self.fd
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
                    return call == "bind" ? bind(fd, pointer, size) : connect(fd, pointer, size)
                }
            }
            guard result == 0 else {
                let reason = String(cString: strerror(errno))
                Glibc.close(fd)
                throw Failure.socket("\(call) \(host):\(port): \(reason)")
            }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { Glibc.close(fd) }

    /// Sends all of `text`.
    func send(_ text: String, within seconds: Double = 60) async throws {
        try await send(Array(text.utf8), within: seconds)
    }

    /// Sends all of `bytes`, reading (and keeping) whatever the server answers meanwhile;
    /// throws when the server stops reading for `seconds`.
    func send(_ bytes: [UInt8], within seconds: Double = 60) async throws {
        var offset = 0
        var lastProgress = ContinuousClock.now
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
                lastProgress = .now
                continue
            }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK else {
                throw Failure.socket("send after \(offset) bytes: \(String(cString: strerror(errno)))")
            }
            _ = readAvailable()
            if lastProgress.duration(to: .now) > .milliseconds(Int64(seconds * 1000)) {
                throw Failure.timedOut("the server stopped reading after \(offset) of \(bytes.count) bytes")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Sends a chunked body one byte every 50 ms, never ending it, until the server closes the
    /// connection; whether it did within `seconds`.
    func trickleChunkedBody(within seconds: Double) async throws -> Bool {
        let start = ContinuousClock.now
        while start.duration(to: .now) < .milliseconds(Int64(seconds * 1000)) {
            try? await send("1\r\n \r\n", within: 1)
            if readAvailable() == .closed { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Reads until the server closes the connection; the time it took, or `nil` after
    /// `seconds` with the connection still open.
    func waitForClose(within seconds: Double) async -> Duration? {
        let start = ContinuousClock.now
        while start.duration(to: .now) < .milliseconds(Int64(seconds * 1000)) {
            if readAvailable() == .closed { return start.duration(to: .now) }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// Reads until `received` holds a whole response head and its body (by `Content-Length`),
    /// or the connection closes; the response text.
    func readResponse(within seconds: Double) async throws -> String {
        let start = ContinuousClock.now
        while start.duration(to: .now) < .milliseconds(Int64(seconds * 1000)) {
            let state = readAvailable()
            if let text = completeResponse() { return text }
            if state == .closed { return String(decoding: received, as: UTF8.self) }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw Failure.timedOut("no whole response in \(seconds) s; got \(received.count) bytes")
    }

    private func completeResponse() -> String? {
        let text = String(decoding: received, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<end.lowerBound].lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text[end.upperBound...].utf8.count >= length ? text : nil
    }

    enum ReadState { case open, closed }

    /// Reads what has arrived; whether the server has closed its side.
    @discardableResult
    func readAvailable() -> ReadState {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
                continue
            }
            if count == 0 { return .closed }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .open : .closed
        }
    }

    /// The response's status code, once a status line has arrived.
    var status: Int? {
        let text = String(decoding: received.prefix(64), as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }
}
