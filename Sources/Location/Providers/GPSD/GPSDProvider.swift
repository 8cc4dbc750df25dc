import Foundation

/// Fixes from gpsd, the GPS daemon, through libgps: a USB/serial receiver in real use,
/// `gpsfake` in tests.
///
/// While a ``LocationService`` runs it, the provider holds one gpsd connection
/// (`gps_open`, `gps_stream(WATCH_ENABLE | WATCH_JSON)`, with `WATCH_DEVICE` when the endpoint
/// names a device: then only that receiver's reports arrive) read on a dedicated thread shared by
/// all gpsd connections of the process, and turns each report into a ``ProviderEvent``:
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

    /// A provider for gpsd at `endpoint` (`localhost:2947` by default).
    public init(endpoint: GPSDEndpoint = .standard, backoff: Backoff = .standard) {
        self.endpoint = endpoint
        self.backoff = backoff
    }

    /// `gpsd host:port` (`gpsd host:port:device` with a device).
    public var source: FixSource { FixSource(kind: "gpsd", name: endpoint.description) }

    /// How many gpsd connections this process has open right now (all providers together):
    /// zero once every service using gpsd has stopped its provider.
    public static var openConnectionCount: Int { GPSDMultiplexer.shared.openConnections }

    /// How many gpsd connections to `endpoint` this process has open right now.
    public static func openConnectionCount(to endpoint: GPSDEndpoint) -> Int {
        GPSDMultiplexer.shared.openConnections(host: endpoint.host, port: String(endpoint.port))
    }

    /// Connects, streams, reconnects with backoff; returns when the task is cancelled.
    public func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
        let source = self.source
        var failures = 0
        while !Task.isCancelled {
            var lastTime: Date?? = nil
            let events = GPSDMultiplexer.shared.connect(
                host: endpoint.host, port: String(endpoint.port), device: endpoint.device)
            for await event in events {
                switch event {
                case .connected:
                    failures = 0
                    send(.connected)
                case .report(let report):
                    let providerEvent = report.event(source: source)
                    if case .fix(let fix) = providerEvent {
                        if let time = fix.receiverTime, lastTime == .some(time) { continue }
                        lastTime = .some(fix.receiverTime)
                    }
                    send(providerEvent)
                case .failed(let error), .lost(let error):
                    send(.disconnected(endpoint: endpoint.description, reason: error.description))
                }
            }
            if Task.isCancelled { break }
            failures += 1
            do {
                try await clock.sleep(
                    until: clock.now.advanced(by: backoff.delay(afterFailures: failures)), tolerance: nil)
            } catch {
                break
            }
        }
    }
}
