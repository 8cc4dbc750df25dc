import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An event-stream client on a raw loopback socket that does not read until asked: a client
/// whose reader stalled. Its receive buffer is made as small as the kernel allows before it
/// connects (so the TCP window stays small), so the server's writes back up after a few
/// kilobytes: the server really sees backpressure, not a fast reader.
///
/// AsyncHTTPClient is no help here: it keeps reading into its own buffers and the socket's
/// default, auto-tuned receive buffer (megabytes), so the point where the server feels the
/// stall would be far away and unknown. ``read(_:until:)`` later drains the socket,
/// un-chunks the HTTP/1.1 body and parses the events.
final class StalledEventStreamClient {
    struct SocketError: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var body = ChunkedBody()
    /// The events read so far.
    private(set) var parser = EventStreamParser()

    /// Connects to `127.0.0.1:port` and sends `GET path`, then reads nothing.
    init(port: Int, path: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(description: "socket: \(String(cString: strerror(errno)))") }
        var size: Int32 = 1  // the kernel rounds it up to its minimum
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw SocketError(description: "connect to port \(port): \(reason)")
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else {
            Glibc.close(descriptor)
            throw SocketError(description: "could not send the request")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// The response's status code, once its head has been read.
    var status: Int? { body.status }

    /// Reads what the server sent (the stall is over: the receive buffer grows to 1 MiB) until
    /// `condition` holds for the events read, polling for at most `seconds`; false on timeout
    /// or when the server closed the stream first.
    func read(_ seconds: Double, until condition: (EventStreamParser) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        // Reading through the stall-sized window would take minutes: open it up.
        var size: Int32 = 1 << 20
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !condition(parser) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                for chunk in body.append(buffer[..<count]) { parser.append(String(decoding: chunk, as: UTF8.self)) }
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return condition(parser)
            } else if ContinuousClock.now >= deadline {
                return false
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        return true
    }

    /// Closes the connection (the client goes away).
    func close() {
        Glibc.close(descriptor)
    }
}

/// An HTTP/1.1 response read from a socket: the status line, then the body's chunks
/// (`Transfer-Encoding: chunked`, which a streamed response uses) as they complete.
struct ChunkedBody {
    private(set) var status: Int?
    private var bytes: [UInt8] = []
    private var headRead = false
    /// Bytes still to come in the current chunk's data, then its CR LF.
    private var remaining = 0
    private var inData = false

    /// Adds bytes read from the socket and returns the chunk data they complete.
    mutating func append(_ new: ArraySlice<UInt8>) -> [[UInt8]] {
        bytes += new
        var chunks: [[UInt8]] = []
        var cursor = 0
        func line(from start: Int) -> Range<Int>? {
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == 13, bytes[index + 1] == 10 { return start..<index }
                index += 1
            }
            return nil
        }
        parsing: while cursor < bytes.count {
            if !headRead {
                guard let end = bytes[cursor...].firstRange(of: [13, 10, 13, 10]) else { break }
                let head = String(decoding: bytes[cursor..<end.lowerBound], as: UTF8.self)
                status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                headRead = true
                cursor = end.upperBound
            } else if inData {
                guard bytes.count - cursor >= remaining + 2 else { break }
                chunks.append(Array(bytes[cursor..<cursor + remaining]))
                cursor += remaining + 2
                inData = false
            } else {
                guard let size = line(from: cursor) else { break }
                let text = String(decoding: bytes[size], as: UTF8.self)
                cursor = size.upperBound + 2
                remaining = Int(text.split(separator: ";").first ?? "", radix: 16) ?? 0
                if remaining == 0 { break parsing }  // the last chunk: the stream ended
                inData = true
            }
        }
        bytes.removeFirst(cursor)
        return chunks
    }
}
