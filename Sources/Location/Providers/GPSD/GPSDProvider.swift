import Foundation
import Locking

/// Fixes from gpsd, the GPS daemon, through libgps: a USB/serial receiver in real use,
/// `gpsfake` in tests.
///
/// While a ``LocationService`` runs it, the provider holds one gpsd connection
/// (`gps_open`, `gps_stream(WATCH_ENABLE | WATCH_JSON)`, with `WATCH_DEVICE` when the endpoint
/// names a device: then only that receiver's reports arrive) read by its ``multiplexer`` on
/// the thread of its event loop — ``GPSDMultiplexer/shared`` on ``LocationEventLoop/shared``,
/// shared by all gpsd connections of the process, unless it is given another — and turns each
/// report into a ``ProviderEvent`` there:
/// mode 2/3 with a position is a fix, mode 0/1 is ``ProviderEvent/noFix`` (never a fix).
/// When gpsd cannot be reached or goes away it sends
/// ``ProviderEvent/disconnected(endpoint:reason:)`` with libgps' own text (a peer that sends
/// a line longer than libgps buffers is cut off the same way), then reconnects
/// after ``backoff`` delays (on the service's clock) until it is back or the service stops it.
///
/// The receiver's timestamp is reported as-is (``LocationFix/receiverTime``) and never used
/// for freshness: the service judges freshness by arrival, so replayed logs and receivers
/// with a wrong clock still give fixes. Two reports with the same receiver time (gpsd does
/// that for partly corrupted sentences) give one fix.
///
/// ```swift
/// let provider = GPSDProvider(endpoint: try GPSDEndpoint(parsing: "127.0.0.1:2947"))
/// let service = LocationService(provider: provider, authorizer: PersistedConsentAuthorizer())
/// ```
public struct GPSDProvider: LocationProvider {
    /// Where gpsd listens.
    public let endpoint: GPSDEndpoint
    /// How long to wait between reconnection attempts.
    public let backoff: Backoff
    /// Who opens and reads the connection, on which thread (``GPSDMultiplexer/loop``).
    public let multiplexer: GPSDMultiplexer

    /// A provider for gpsd at `endpoint` (`localhost:2947` by default).
    ///
    /// - Parameter multiplexer: the connections' multiplexer and, with it, the event loop
    ///   whose thread reads them; the process's own (``GPSDMultiplexer/shared``) by default.
    public init(
        endpoint: GPSDEndpoint = .standard, backoff: Backoff = .standard, multiplexer: GPSDMultiplexer = .shared
    ) {
        self.endpoint = endpoint
        self.backoff = backoff
        self.multiplexer = multiplexer
    }

    /// `gpsd host:port` (`gpsd host:port:device` with a device).
    public var source: FixSource { FixSource(kind: "gpsd", name: endpoint.description) }

    /// How many gpsd connections the process's multiplexer (``GPSDMultiplexer/shared``) has
    /// open right now (all providers on it together): zero once every service using gpsd has
    /// stopped its provider.
    public static var openConnectionCount: Int { GPSDMultiplexer.shared.openConnections }

    /// How many gpsd connections to `endpoint` the process's multiplexer has open right now.
    public static func openConnectionCount(to endpoint: GPSDEndpoint) -> Int {
        GPSDMultiplexer.shared.openConnections(to: endpoint)
    }

    /// Connects, streams, reconnects with backoff; returns when the task is cancelled.
    ///
    /// Reports are turned into events and sent on the reader thread as they are read (``send``
    /// is cheap and may be called from any thread), not through this task: a service running
    /// on the multiplexer's loop gets them with no hand-off between threads. This task
    /// only waits for the connection to end, and reconnects.
    public func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
        let source = self.source
        let endpoint = self.endpoint
        let multiplexer = self.multiplexer
        var failures = 0
        while !Task.isCancelled {
            // One value when the connection ends: whether it had connected.
            let (ends, ended) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(1))
            let lastTime = Locked<Date??>(nil)
            let id = multiplexer.connect(
                host: endpoint.host, port: String(endpoint.port), device: endpoint.device
            ) { event in
                switch event {
                case .connected:
                    send(.connected)
                case .report(let report):
                    let providerEvent = report.event(source: source)
                    if case .fix(let fix) = providerEvent {
                        let repeated = lastTime.withLock { last in
                            if let time = fix.receiverTime, last == .some(time) { return true }
                            last = .some(fix.receiverTime)
                            return false
                        }
                        if repeated { return }
                    }
                    send(providerEvent)
                case .failed(let error), .lost(let error):
                    send(.disconnected(endpoint: endpoint.description, reason: error.description))
                    if case .lost = event { ended.yield(true) } else { ended.yield(false) }
                    ended.finish()
                }
            }
            var wasConnected = false
            await withTaskCancellationHandler {
                for await connected in ends { wasConnected = connected }
            } onCancel: {
                ended.finish()
            }
            // Nothing is sent after this: the handler is not called once the close is done.
            await multiplexer.close(id)
            if Task.isCancelled { break }
            failures = wasConnected ? 1 : failures + 1
            do {
                try await clock.sleep(
                    until: clock.now.advanced(by: backoff.delay(afterFailures: failures)), tolerance: nil)
            } catch {
                break
            }
        }
    }
}
