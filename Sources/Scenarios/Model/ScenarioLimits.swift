/// The sizes a scenario may reach. Anything larger is almost certainly a mistake (a timeline
/// of years, a track with millions of points) and is rejected with a message, not played.
public enum ScenarioLimits {
    /// The largest scenario or track file read, in bytes (4 MiB).
    public static let maximumFileBytes = 4 * 1024 * 1024
    /// The longest duration anywhere in a scenario, and the longest timeline: 24 hours.
    public static let maximumDurationSeconds = 24.0 * 3600
    /// ``maximumDurationSeconds`` as a `Duration`: checked against exact times, so that an
    /// event at 24 h + 1 ms is refused, not accepted and then never played.
    public static let maximumDuration = Duration.seconds(24 * 3600)
    /// `"24h"`, for messages.
    static let maximumDurationText = "24h"
    /// The most timeline events after tracks are expanded.
    public static let maximumEvents = 100_000
    /// The most consumer actions and the most expectations.
    public static let maximumActions = 1_000
    /// The most fixes a `watch` action may ask for.
    public static let maximumWatchCount = 100_000
}
