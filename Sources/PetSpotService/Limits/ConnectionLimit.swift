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

    /// A limit of `maximum` connections.
    public init(maximum: Int) {
        self.maximum = max(1, maximum)
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
    public static func forThisProcess() -> ConnectionLimit {
        ConnectionLimit(maximum: maximum(forOpenFiles: OpenFileLimit.current() ?? 1_024))
    }

    public mutating func connectionOpened() {
        open.withLock { $0 += 1 }
    }

    public mutating func connectionClosed() {
        open.withLock { $0 -= 1 }
    }

    public func isAcceptingNewConnections() -> Bool {
        open.withLock { $0 } < maximum
    }
}
