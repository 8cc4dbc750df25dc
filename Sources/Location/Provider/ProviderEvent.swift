/// What a ``LocationProvider`` tells the ``LocationService``.
///
/// ```swift
/// send(.connected)                         // gpsd answered; no position yet
/// send(.noFix)                             // a report without a position (gpsd mode 1)
/// send(.fix(fix))                          // a position
/// send(.disconnected(endpoint: "localhost:2947", reason: "connection lost"))
/// send(.connected)                         // reconnected: the stream resumes
/// ```
public enum ProviderEvent: Sendable, Hashable {
    /// The provider is connected and streaming (sent after every successful (re)connection).
    case connected
    /// A report with a position.
    case fix(LocationFix)
    /// A report without a position: the receiver is on but has no fix (gpsd mode 0 or 1).
    case noFix
    /// The provider could not connect, or lost its connection. It keeps retrying (with
    /// backoff) until cancelled, and sends ``connected`` when it is back.
    ///
    /// - Parameters:
    ///   - endpoint: what was tried, such as `"localhost:2947"`.
    ///   - reason: the underlying error text.
    case disconnected(endpoint: String, reason: String)
}
