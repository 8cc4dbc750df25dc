/// Decides whether location use is allowed: the person's answer and any system policy.
///
/// ``LocationService`` asks its authorizer for the current status, forwards
/// ``LocationService/requestWhenInUseAuthorization()`` to it, and listens to
/// ``authorizationChanges()`` while it has consumers, so that a permission withdrawn
/// mid-stream stops the provider and tells consumers (``LocationUpdate/authorizationDenied(_:)``).
///
/// Implementations: ``PersistedConsentAuthorizer`` (a consent file under the XDG config
/// directory plus a restriction policy; the CLI's), ``InMemoryAuthorizer`` (settable, for
/// tests and scripted scenarios), or your own.
///
/// ## Implementation requirements
/// - ``authorization`` is cheap and does not block for long (it is read on every request).
/// - ``requestWhenInUseAuthorization()`` asks only while the status is
///   ``AuthorizationStatus/notDetermined``; otherwise it returns the current value unchanged,
///   as CoreLocation does. It must not hang when nobody can answer (no terminal): treat that
///   as not granted.
/// - ``authorizationChanges()`` may be called many times; each stream yields every later
///   change (not the current value) until its consumer stops iterating.
///
/// ```swift
/// let authorizer = InMemoryAuthorizer(.notDetermined, answer: LocationAuthorization(.authorizedWhenInUse))
/// let service = LocationService(provider: provider, authorizer: authorizer)
/// await service.requestWhenInUseAuthorization()   // .authorizedWhenInUse
/// authorizer.set(LocationAuthorization(.denied))  // revoked: consumers see .authorizationDenied(.denied)
/// ```
public protocol LocationAuthorizer: Sendable {
    /// The current decision.
    var authorization: LocationAuthorization { get }

    /// Asks the person when the status is ``AuthorizationStatus/notDetermined`` and returns
    /// the resulting decision; otherwise returns the current one.
    func requestWhenInUseAuthorization() async -> LocationAuthorization

    /// Later changes of the decision (for example a permission revoked while fixes stream).
    func authorizationChanges() -> AsyncStream<LocationAuthorization>
}

extension LocationAuthorizer {
    /// No changes: a stream that ends at once. For authorizers whose decision only changes
    /// through ``requestWhenInUseAuthorization()``.
    public func authorizationChanges() -> AsyncStream<LocationAuthorization> {
        AsyncStream { $0.finish() }
    }
}
