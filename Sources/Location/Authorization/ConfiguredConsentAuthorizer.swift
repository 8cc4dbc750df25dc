import Foundation

/// The machine owner's answer given as configuration rather than kept in a consent file: a
/// service's environment (`petspot serve --location-consent granted|denied`,
/// `PETSPOT_LOCATION_CONSENT`), for a service whose user cannot read, or has no, consent file
/// of its own (systemd's `DynamicUser=`). An administrator's ``RestrictionPolicy`` still wins:
/// the status is then ``AuthorizationStatus/restricted``, noticed within the poll interval.
///
/// Nothing asks: ``requestWhenInUseAuthorization()`` returns the decision as it is.
///
/// ```swift
/// let authorizer = ConfiguredConsentAuthorizer(LocationAuthorization(.authorizedWhenInUse))
/// authorizer.authorization.status   // .authorizedWhenInUse, or .restricted by policy
/// ```
public struct ConfiguredConsentAuthorizer: LocationAuthorizer {
    /// The answer configured.
    public let consent: LocationAuthorization
    /// The administrator's policy.
    public let policy: RestrictionPolicy
    private let cache: ConsentCache

    /// `consent`, unless `policy` (the system's by default) restricts location use; the
    /// policy file is checked every `pollInterval` of `clock` (`ContinuousClock()` by default,
    /// a ``VirtualClock`` in tests).
    public init(
        _ consent: LocationAuthorization, policy: RestrictionPolicy = .system, pollInterval: Duration = .seconds(1),
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.consent = consent
        self.policy = policy
        cache = ConsentCache(
            paths: [policy.policyFile.path], pollInterval: max(pollInterval, .milliseconds(10)), clock: clock
        ) { policy.isRestricted ? LocationAuthorization(.restricted) : consent }
    }

    public var authorization: LocationAuthorization { cache.value }

    public func requestWhenInUseAuthorization() async -> LocationAuthorization { authorization }

    public func authorizationChanges() -> AsyncStream<LocationAuthorization> { cache.changes() }
}
