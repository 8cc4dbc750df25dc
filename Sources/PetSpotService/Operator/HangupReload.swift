import Dispatch
public import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// SIGHUP as an operator means it: reload what can be reloaded and keep serving. A service of
/// the group that runs `reload` at each SIGHUP, one at a time, until a graceful shutdown begins.
///
/// The default action of SIGHUP ends the process (exit 129, which systemd's
/// `Restart=on-failure` counts as a clean stop, so the service stays down).
/// ``runService(_:systemd:)`` ignores SIGHUP (``ignoreHangups()``) before anything else starts,
/// and this service then hears it through a dispatch signal source (as swift-service-lifecycle
/// hears SIGTERM), so there is no moment at which a SIGHUP ends the server.
public struct HangupReload: Service {
    let reload: @Sendable () async -> Void

    /// Runs `reload` at each SIGHUP.
    public init(reload: @escaping @Sendable () async -> Void) {
        self.reload = reload
    }

    /// Makes SIGHUP harmless for the whole process until a ``HangupReload`` hears it. The
    /// corresponding C function is `signal`.
    public static func ignoreHangups() {
        _ = signal(SIGHUP, SIG_IGN)
    }

    public func run() async throws {
        Self.ignoreHangups()
        let (hangups, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "petspot.sighup"))
        source.setEventHandler { continuation.yield() }
        source.resume()
        defer {
            source.cancel()
            continuation.finish()
        }
        try? await cancelWhenGracefulShutdown {
            for await _ in hangups {
                await reload()
            }
        }
    }
}
