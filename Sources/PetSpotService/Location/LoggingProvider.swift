import CoreMetrics
import Location
import Locking
import Logging

/// A provider that logs what its wrapped provider does: connects, losses, reconnects (with
/// the backoff delay before the next attempt), and when it starts and stops (the service
/// runs it only while someone listens); and measures it: `petspot_location_provider_connected`
/// (1 while connected), `petspot_location_fixes_total` and the newest fix's arrival
/// (`petspot_location_fix_age_seconds`, ``FixAge``), by source.
struct LoggingProvider: LocationProvider {
    let wrapped: any LocationProvider
    /// The delays between reconnection attempts, to say when the next one comes.
    let backoff: Backoff?
    let logger: Logger

    var source: FixSource { wrapped.source }

    func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
        let source = self.source.description
        let logger = self.logger
        let backoff = self.backoff
        let failures = Locked((count: 0, everConnected: false))
        let connected = Meter(label: "petspot_location_provider_connected", dimensions: [("source", source)])
        let fixes = Counter(label: "petspot_location_fixes_total", dimensions: [("source", source)])
        logger.info("location provider starting", metadata: ["source": "\(source)"])
        await wrapped.run(clock: clock) { event in
            switch event {
            case .connected:
                connected.set(1)
                let (reconnect, afterFailures) = failures.withLock { state in
                    defer { state = (0, true) }
                    return (state.everConnected, state.count)
                }
                let metadata: Logger.Metadata = ["source": "\(source)", "failures": "\(afterFailures)"]
                logger.info(
                    reconnect || afterFailures > 0 ? "location provider reconnected" : "location provider connected",
                    metadata: metadata)
            case .disconnected(let endpoint, let reason):
                connected.set(0)
                let count = failures.withLock { state -> Int in
                    state.count += 1
                    return state.count
                }
                var metadata: Logger.Metadata = [
                    "source": "\(source)", "endpoint": "\(endpoint)", "reason": "\(reason)",
                ]
                if let backoff { metadata["retry_in"] = "\(backoff.delay(afterFailures: count))" }
                logger.warning("location provider unavailable", metadata: metadata)
            case .fix:
                fixes.increment()
                FixAge.record(source: source)
                logger.trace("fix", metadata: ["source": "\(source)"])
            case .noFix:
                logger.debug("no fix", metadata: ["source": "\(source)"])
            }
            send(event)
        }
        connected.set(0)
        logger.info("location provider stopped", metadata: ["source": "\(source)"])
    }
}
