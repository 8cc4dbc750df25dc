public import ServiceLifecycle

/// The service's side of systemd's watchdog and shutdown notice, as a service of the group:
/// `WATCHDOG=1` every ``SystemdNotifier/watchdogInterval`` (half of `WATCHDOG_USEC`) on the
/// injected clock while the server runs, and `STOPPING=1` as soon as a graceful shutdown
/// begins (SIGTERM, SIGINT). `READY=1` is sent by ``runService(_:systemd:)`` once the server
/// listens, after the store's migrations and preparation.
///
/// ``runService(_:systemd:)`` runs it after the application in its group, so that on shutdown
/// it hears first, before the server drains its connections.
public struct SystemdNotifications: Service {
    let notifier: SystemdNotifier
    let clock: any Clock<Duration>

    /// Notifications through `notifier`, timed on `clock`.
    public init(notifier: SystemdNotifier, clock: any Clock<Duration> = ContinuousClock()) {
        self.notifier = notifier
        self.clock = clock
    }

    /// Pings the watchdog until a graceful shutdown begins, then says `STOPPING=1` and returns.
    public func run() async throws {
        if let interval = notifier.watchdogInterval {
            try? await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    notifier.send("WATCHDOG=1")
                    try await clock.sleep(for: interval)
                }
            }
        } else {
            try? await gracefulShutdown()
        }
        notifier.send("STOPPING=1")
    }
}
