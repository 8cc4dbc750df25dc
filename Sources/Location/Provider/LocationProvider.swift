/// A source of fixes for a ``LocationService``: gpsd (``GPSDProvider``), a scripted scenario,
/// or any type that conforms.
///
/// The service calls ``run(clock:send:)`` in its own task when the first consumer arrives
/// (an ``LocationService/updates`` iteration or a pending
/// ``LocationService/requestLocation(timeout:desiredAccuracy:maximumAge:)``) and cancels that
/// task when the last one leaves, so one provider connection serves every consumer.
///
/// ## Implementation requirements
/// - **Run until cancelled.** Connect, then call `send` for every event, in the order they
///   happen, until the task is cancelled; then release the connection and return promptly
///   (within a fraction of a second). Returning while not cancelled means the source has
///   ended (a scenario or log that ran out): the service then finishes its update sequences.
/// - **Report state, never hang silently.** Send ``ProviderEvent/connected`` after every
///   successful (re)connection, ``ProviderEvent/noFix`` for a report without a position,
///   ``ProviderEvent/fix(_:)`` for a position, and ``ProviderEvent/disconnected(endpoint:reason:)``
///   when the source cannot be reached or was lost. After a disconnection keep retrying,
///   waiting on `clock` (for example with ``Backoff``), until cancelled.
/// - **Time on the injected clock.** Sleep only on `clock`, never on a real clock, so that
///   tests and scenarios on a ``VirtualClock`` run in no real time. The service stamps each
///   fix's ``LocationFix/arrivalTime`` with `clock.now` when `send` is called.
/// - `send` is cheap, never blocks and may be called from any thread (a provider that reads
///   a blocking C API calls it from its reader thread).
///
/// ```swift
/// struct FixedProvider: LocationProvider {
///     let fix: LocationFix
///     var source: FixSource { fix.source }
///
///     func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
///         send(.connected)
///         while !Task.isCancelled {
///             send(.fix(fix))
///             try? await clock.sleep(for: .seconds(1))
///         }
///     }
/// }
/// ```
public protocol LocationProvider: Sendable {
    /// Where this provider's fixes come from; the service uses it in messages.
    var source: FixSource { get }

    /// Streams events to `send` until the calling task is cancelled (see the implementation
    /// requirements above).
    ///
    /// - Parameters:
    ///   - clock: the service's clock; sleep on it (backoff, playback), never on another.
    ///   - send: delivers one event to the service; callable from any thread.
    func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async
}
