import CoreMetrics
import Locking

/// `petspot_location_fix_age_seconds{source}`: how long ago the newest fix from the location
/// source arrived, set at each scrape (``ServiceMetrics/exposition()``) from the arrival
/// times ``LoggingProvider`` records. No sample before a source's first fix. A receiver that
/// lost its sky shows a growing age while `petspot_location_provider_connected` stays 1.
enum FixAge {
    private static let arrivals = Locked([String: ContinuousClock.Instant]())

    /// A fix from `source` arrived now.
    static func record(source: String) {
        let now = ContinuousClock.now
        arrivals.withLock { $0[source] = now }
    }

    /// Sets each source's gauge to the age of its newest fix.
    static func update() {
        let now = ContinuousClock.now
        for (source, arrival) in arrivals.withLock({ $0 }) {
            let (seconds, attoseconds) = arrival.duration(to: now).components
            Gauge(label: "petspot_location_fix_age_seconds", dimensions: [("source", source)])
                .record(Double(seconds) + Double(attoseconds) / 1e18)
        }
    }
}
