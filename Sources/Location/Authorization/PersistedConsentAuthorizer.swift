import Foundation

/// PetSpot's own permission model on Linux, where gpsd has none: the person's answer
/// persisted in a ``ConsentStore`` (XDG config directory), overridden by a
/// ``RestrictionPolicy`` an administrator sets.
///
/// - A restriction makes the status ``AuthorizationStatus/restricted``.
/// - Otherwise the stored answer; no answer (or an unreadable file) is
///   ``AuthorizationStatus/notDetermined``.
/// - The decision is kept in memory (reading ``authorization`` does no file I/O): the
///   authorizer's own ``grant(_:accuracy:)``, ``deny()`` and ``reset()`` update it at once;
///   a change made elsewhere (another process, an administrator) is noticed within
///   ``pollInterval``, by a `stat` of both files that re-reads them only when they changed.
/// - ``requestWhenInUseAuthorization()`` while `notDetermined` calls the `prompt` (the CLI
///   asks on the terminal, like the phone's system alert) and stores the answer. Without a
///   prompt, or when it cannot ask (no terminal), nothing is stored and the status stays
///   `notDetermined`: not granted, and the request does not hang.
///
/// ```swift
/// let authorizer = PersistedConsentAuthorizer(prompt: { await askOnTerminal() })
/// let status = await authorizer.requestWhenInUseAuthorization().status
/// try authorizer.grant()            // `petspot permission grant`
/// ```
public struct PersistedConsentAuthorizer: LocationAuthorizer {
    /// Asks the person; returns their answer, or `nil` when nobody can answer.
    public typealias Prompt = @Sendable () async -> LocationAuthorization?

    /// Where the answer is kept.
    public let store: ConsentStore
    /// The administrator's policy.
    public let policy: RestrictionPolicy
    /// How often the files are checked for a change made elsewhere (by ``authorization`` and
    /// ``authorizationChanges()``).
    public let pollInterval: Duration
    private let prompt: Prompt?
    private let cache: ConsentCache

    /// An authorizer over `store` and `policy` (the XDG file and the system policy by
    /// default) that asks with `prompt`.
    /// - Parameters:
    ///   - pollInterval: how often a running service re-reads the file and policy to notice a
    ///     change made elsewhere (`petspot permission deny` in another terminal).
    ///   - clock: the clock `pollInterval` is measured and slept on: `ContinuousClock()` (the
    ///     default), or a ``VirtualClock`` in tests.
    public init(
        store: ConsentStore = .standard(), policy: RestrictionPolicy = .system,
        pollInterval: Duration = .seconds(1), clock: some Clock<Duration> = ContinuousClock(), prompt: Prompt? = nil
    ) {
        self.store = store
        self.policy = policy
        self.pollInterval = max(pollInterval, .milliseconds(10))
        self.prompt = prompt
        cache = ConsentCache(
            paths: [store.fileURL.path, policy.policyFile.path], pollInterval: self.pollInterval, clock: clock
        ) { Self.load(store: store, policy: policy) }
    }

    /// Restricted by policy, else the stored answer, else `notDetermined`; from memory (see
    /// the type's notes on ``pollInterval``).
    public var authorization: LocationAuthorization { cache.value }

    /// How many times the files were read and decoded (for tests: reading ``authorization``
    /// must not read them).
    var fileLoads: Int { cache.loads }

    /// Restricted by policy, else the stored answer, else `notDetermined`, read from the files.
    private static func load(store: ConsentStore, policy: RestrictionPolicy) -> LocationAuthorization {
        if policy.isRestricted { return LocationAuthorization(.restricted) }
        return (try? store.read()) ?? LocationAuthorization(.notDetermined)
    }

    /// Asks with the prompt when `notDetermined` and stores the answer.
    public func requestWhenInUseAuthorization() async -> LocationAuthorization {
        let current = authorization
        guard current.status == .notDetermined, let prompt, let answer = await prompt(),
            answer.status != .notDetermined, answer.status != .restricted
        else { return current }
        do {
            try store.write(answer)
        } catch {
            return current  // not stored: still not determined
        }
        cache.reload()
        return authorization
    }

    /// Changes made elsewhere (another process granting, denying or resetting, an
    /// administrator adding a policy), noticed by checking the files every ``pollInterval``
    /// of the authorizer's clock (real time by default) while the stream is iterated (re-read
    /// only when they changed).
    public func authorizationChanges() -> AsyncStream<LocationAuthorization> {
        cache.changes()
    }

    /// Reads the files again now, whatever the poll interval (`petspot serve` on SIGHUP), and
    /// returns the decision they give.
    @discardableResult
    public func reload() -> LocationAuthorization {
        cache.reload()
        return authorization
    }

    /// Stores a grant (`authorizedWhenInUse` unless said otherwise).
    ///
    /// - Throws: ``ConsentStoreError`` when the file cannot be written.
    public func grant(
        _ status: AuthorizationStatus = .authorizedWhenInUse, accuracy: AccuracyAuthorization = .fullAccuracy
    ) throws(ConsentStoreError) {
        defer { cache.reload() }
        try store.write(LocationAuthorization(status.isAuthorized ? status : .authorizedWhenInUse, accuracy: accuracy))
    }

    /// Stores a refusal.
    ///
    /// - Throws: ``ConsentStoreError`` when the file cannot be written.
    public func deny() throws(ConsentStoreError) {
        defer { cache.reload() }
        try store.write(LocationAuthorization(.denied))
    }

    /// Forgets the answer: back to `notDetermined`.
    ///
    /// - Throws: ``ConsentStoreError`` when the file cannot be removed.
    public func reset() throws(ConsentStoreError) {
        defer { cache.reload() }
        try store.remove()
    }
}
