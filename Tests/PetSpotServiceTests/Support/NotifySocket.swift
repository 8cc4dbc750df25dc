import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The test's side of systemd's notification socket: a Unix datagram socket bound at a file
/// path in a temporary folder or at an abstract name (`@…`), read as systemd reads it — one
/// datagram of `NAME=value` lines each.
final class NotifySocket: Sendable {
    /// What `NOTIFY_SOCKET` names it: a path, or `@` and the abstract name.
    let address: String
    private let descriptor: Int32

    /// A socket at a new path (`abstract` false) or a new abstract name.
    init(abstract: Bool = false) throws {
        let name = "petspot-notify-\(UUID().uuidString.prefix(8))"
        address = abstract ? "@\(name)" : FileManager.default.temporaryDirectory.path + "/\(name).sock"
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        var path = Array(address.utf8)
        if abstract { path[0] = 0 }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { bytes in
            for (index, byte) in path.enumerated() { bytes[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2) + socklen_t(path.count)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            close(descriptor)
            throw Failure(description: "bind \(address): errno \(errno)")
        }
        if !abstract { chmod(address, 0o666) }  // a server run as another user may send too
    }

    deinit {
        close(descriptor)
        if !address.hasPrefix("@") { unlink(address) }
    }

    /// The next datagram, waiting at most `seconds`; `nil` when none came. The wait is on a
    /// dispatch thread, never on one of the few threads Swift's tasks share (the server under
    /// test and the test's own tasks need them meanwhile).
    func receive(within seconds: Double) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.blockingReceive(within: seconds)) }
        }
    }

    private func blockingReceive(within seconds: Double) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
    }

    /// Datagrams until one has the line `line`, waiting at most `seconds` in all; every one
    /// received, that one last; `nil` when it did not come.
    func receive(until line: String, within seconds: Double) async -> [String]? {
        let deadline = Date().addingTimeInterval(seconds)
        var received: [String] = []
        while Date() < deadline {
            guard let message = await receive(within: deadline.timeIntervalSinceNow) else { return nil }
            received.append(message)
            if message.split(separator: "\n").contains(Substring(line)) { return received }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
