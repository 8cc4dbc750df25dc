import Foundation
import Glibc

extension GPSFake {
    /// Makes sure gpsd has gpsfake's device, closing a race in gpsfake itself.
    ///
    /// gpsfake adds its pseudo-terminal to gpsd through gpsd's control socket as soon as the
    /// socket's file exists (`DaemonInstance.wait_ready`), and when that connection is
    /// refused — the file is there a moment before gpsd listens on it — `add_device` does
    /// nothing and says nothing. gpsd then serves clients with no device at all: a client
    /// connects, hears `DEVICES` `[]`, and waits for a fix for ever. On a loaded machine the
    /// moment is long enough to be hit (a `watch` on a terminal saw "waiting for a fix" for its
    /// whole 30 s; a parity test's gpsd reported `"devices":[]` and nothing else for 120 s).
    ///
    /// So this adds the same device the same way, once gpsfake has opened its pseudo-terminal
    /// (found among gpsfake's open files) and opened it to all users, and gpsd accepts on the
    /// control socket: gpsd answers
    /// `OK`, or `ERROR` when gpsfake's own request got through first (the device is already
    /// there). Both are events; `hangGuard` only bounds a gpsfake that never gets that far.
    static func registerDevice(of process: ChildProcess, directory: URL, hangGuard: Double) throws(GPSDTestError) {
        let deadline = Date().addingTimeInterval(hangGuard)
        let control = directory.appendingPathComponent("gpsfake-\(process.pid).sock").path
        var device: String?
        while true {
            device = device ?? pseudoTerminal(openedBy: process.pid)
            if let device, let reply = controlRequest("+\(device)\r\n\0", socket: control) {
                guard reply.hasPrefix("OK") || reply.hasPrefix("ERROR") else {
                    throw .socket("gpsd's control socket answered \(reply.debugDescription) to adding \(device)")
                }
                return
            }
            guard Date() < deadline, process.isRunning else {
                throw .socket(
                    "gpsfake did not bring up its device (pseudo-terminal \(device ?? "not open"), control socket "
                        + "\(control)) within \(hangGuard) s")
            }
            usleep(10_000)
        }
    }

    /// The pseudo-terminal (`/dev/pts/N`) process `pid` has open that this process has not —
    /// gpsfake's fake receiver — once gpsfake has made it readable and writable by all (gpsd
    /// runs as its own user: added before that chmod, gpsd's open fails with "Permission
    /// denied" and gpsd frees the device, and gpsfake's own request may have come first and
    /// been refused as a duplicate).
    private static func pseudoTerminal(openedBy pid: pid_t) -> String? {
        let ours = Set(openTerminals(of: "self"))
        return openTerminals(of: String(pid)).first { path in
            var status = stat()
            return !ours.contains(path) && stat(path, &status) == 0 && status.st_mode & 0o006 == 0o006
        }
    }

    private static func openTerminals(of process: String) -> [String] {
        let folder = "/proc/\(process)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
            .filter { $0.hasPrefix("/dev/pts/") }
    }

    /// Sends `request` to the Unix socket at `path` and returns the answer, or `nil` when
    /// nothing accepts there yet.
    private static func controlRequest(_ request: String, socket path: String) -> String? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return nil }
        let message = Array(request.utf8)
        guard message.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == message.count else { return nil }
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, 10_000) > 0 else { return "" }
        var reply = [UInt8](repeating: 0, count: 64)
        let count = reply.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: reply[..<count], as: UTF8.self) : ""
    }
}
