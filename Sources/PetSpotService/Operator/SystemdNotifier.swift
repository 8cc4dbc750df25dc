import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells systemd how the service is doing through `$NOTIFY_SOCKET` (`sd_notify(3)`'s
/// protocol): one datagram of `NAME=value` lines to a Unix datagram socket, a file path or an
/// abstract name (`@name`). `Type=notify` waits for `READY=1`; `STOPPING=1` says shutdown has
/// begun; `WATCHDOG=1` keeps `WatchdogSec=` from restarting the service.
///
/// Hand-written: libsystemd is not a dependency of this package, and no Swift package in the
/// project's mirror speaks the protocol. It is one `sendto` of a short text, so a C library
/// for it would be all weight: this is the whole of it.
///
/// ```swift
/// let systemd = SystemdNotifier.fromEnvironment()   // nil when not started by systemd
/// systemd?.send("READY=1")
/// ```
public struct SystemdNotifier: Sendable {
    /// The socket's address as `$NOTIFY_SOCKET` gives it: a path, or `@` and an abstract name.
    public let socket: String
    /// Half of `$WATCHDOG_USEC` when systemd watches the service (and `$WATCHDOG_PID`, when
    /// set, is this process): how often ``SystemdNotifications`` sends `WATCHDOG=1`.
    public let watchdogInterval: Duration?

    /// A notifier for `socket`, pinging every `watchdogInterval` when given.
    public init(socket: String, watchdogInterval: Duration? = nil) {
        self.socket = socket
        self.watchdogInterval = watchdogInterval
    }

    /// The notifier this process's environment asks for (``fromEnvironment(_:pid:)``).
    public static func fromEnvironment() -> SystemdNotifier? {
        fromEnvironment(ProcessInfo.processInfo.environment, pid: getpid())
    }

    /// The notifier `environment` asks for (`NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`
    /// against `pid`), or `nil` when it names no socket (not started by systemd, or `Type=`
    /// other than notify).
    public static func fromEnvironment(_ environment: [String: String], pid: Int32) -> SystemdNotifier? {
        guard let socket = environment["NOTIFY_SOCKET"], socket.hasPrefix("/") || socket.hasPrefix("@"),
            socket.utf8.count > 1
        else { return nil }
        var interval: Duration?
        if let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0,
            environment["WATCHDOG_PID"].map({ Int32($0) == pid }) ?? true
        {
            interval = .microseconds(microseconds / 2)
        }
        return SystemdNotifier(socket: socket, watchdogInterval: interval)
    }

    /// Sends `state` (`READY=1`, lines joined by newlines); returns whether it was sent. A
    /// socket that is not there is not an error of the service: it goes on either way. The
    /// corresponding C functions are `socket` and `sendto`.
    @discardableResult
    public func send(_ state: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socket.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }  // an abstract name: no file, no NUL at its end
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.enumerated() { bytes[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2) + socklen_t(path.count)
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                message.withUnsafeBytes { bytes in
                    sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length)
                }
            }
        }
        return sent == message.count
    }
}
