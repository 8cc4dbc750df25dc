import CoreMetrics
public import HummingbirdCore
import Locking

/// The most client connections the server keeps open at once, and how many are open now.
///
/// Hummingbird asks ``isAcceptingNewConnections()`` before each `accept`: at the limit the
/// server stops accepting, so new connections wait in the kernel's listen backlog until one
/// closes (and past the backlog the kernel refuses them). Kept well under the open-file limit,
/// the process never runs out of descriptors: it never spins on `accept` failing with `EMFILE`,
/// and the descriptors the store, gpsd, logs and libdispatch need are always there (a full
/// table made libdispatch abort the process with SIGILL).
public struct ConnectionLimit: AvailableConnectionsDelegate {
    /// The limit.
    public let maximum: Int
    /// Open connections, shared by the copies Hummingbird keeps and whoever reads them.
    private let open = Locked(0)

    /// `petspot_connections_open`, for the server's own listener.
    private let meter: Meter?

    /// A limit of `maximum` connections; `measured`: the open ones are the
    /// `petspot_connections_open` gauge (and the limit `petspot_connections_max`).
    public init(maximum: Int, measured: Bool = false) {
        self.maximum = max(1, maximum)
        meter = measured ? Meter(label: "petspot_connections_open") : nil
        if measured { Meter(label: "petspot_connections_max").set(self.maximum) }
    }

    /// The connections open now.
    public var openConnections: Int { open.withLock { $0 } }

    /// The limit for an open-file limit of `files`: all but a reserve of an eighth (at least
    /// 64 descriptors) for everything else the process opens.
    public static func maximum(forOpenFiles files: UInt64) -> Int {
        let files = Int(clamping: files)
        let reserve = max(64, files / 8)
        return max(1, files - reserve)
    }

    /// The limit for this process's open-file limit now (1,024 when it cannot be read).
    public static func forThisProcess(measured: Bool = false) -> ConnectionLimit {
        ConnectionLimit(maximum: maximum(forOpenFiles: OpenFileLimit.current() ?? 1_024), measured: measured)
    }

    public mutating func connectionOpened() {
        open.withLock { $0 += 1 }
        meter?.increment()
    }

    public mutating func connectionClosed() {
        open.withLock { $0 -= 1 }
        meter?.decrement()
    }

    public func isAcceptingNewConnections() -> Bool {
        open.withLock { $0 } < maximum
    }
}
