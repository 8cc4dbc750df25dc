import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// The decision a ``PersistedConsentAuthorizer`` hands out, kept in memory so that reading
/// it costs a clock read and a lock, never a file read: the service reads it for every fix.
///
/// At most once per poll interval of its clock (on a read, or on the authorizer's change
/// poll, which sleeps on that clock) the
/// consent file and the policy file are `stat`ed; only when one of them changed (device,
/// inode, size, modification or change time — an atomic rewrite is a new inode) are they read
/// and decoded again. The authorizer's own grant, deny and reset update it at once.
final class ConsentCache: Sendable {
    /// What `stat` says about a file; `nil` for a file that is not there.
    struct FileSignature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var changed: timespec

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
                && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
        }

        /// The file at `path` now. The corresponding C function is `stat`.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.st_mtim
            changed = info.st_ctim
        }
    }

    private struct State {
        var value: LocationAuthorization
        var signatures: [FileSignature?]
        var checked: LocationClock.Instant
        /// How many times the files were read and decoded (for tests).
        var loads = 1
    }

    private let paths: [String]
    private let pollInterval: Duration
    private let clock: LocationClock
    private let load: @Sendable () -> LocationAuthorization
    private let state: Locked<State>

    /// A cache of `load()`, which reads the files at `paths`; re-checked every `pollInterval`
    /// of `clock` (a ``VirtualClock`` in tests).
    init(
        paths: [String], pollInterval: Duration, clock: some Clock<Duration> = ContinuousClock(),
        load: @escaping @Sendable () -> LocationAuthorization
    ) {
        self.paths = paths
        self.pollInterval = pollInterval
        let clock = LocationClock(clock)
        self.clock = clock
        self.load = load
        let signatures = paths.map(FileSignature.init(path:))
        state = Locked(State(value: load(), signatures: signatures, checked: clock.now))
    }

    /// The decision: from memory, re-checked against the files when the poll interval passed.
    var value: LocationAuthorization {
        let now = clock.now
        return state.withLock { state in
            if state.checked.duration(to: now) >= pollInterval { refresh(&state, now: now, force: false) }
            return state.value
        }
    }

    /// Reads the files again now (after this process changed them).
    func reload() {
        state.withLock { refresh(&$0, now: clock.now, force: true) }
    }

    /// Later changes of the decision, noticed by checking the files every poll interval of the
    /// clock while the stream is iterated (re-read only when they changed).
    func changes() -> AsyncStream<LocationAuthorization> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: LocationAuthorization.self, bufferingPolicy: .bufferingNewest(1))
        let poller = Task { [self] in
            var last = value
            while !Task.isCancelled {
                do {
                    try await clock.sleep(until: clock.now.advanced(by: pollInterval), tolerance: nil)
                } catch {
                    break
                }
                let current = value
                if current != last {
                    last = current
                    continuation.yield(current)
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in poller.cancel() }
        return stream
    }

    /// How many times the files were read and decoded since the cache was made.
    var loads: Int { state.withLock { $0.loads } }

    private func refresh(_ state: inout State, now: LocationClock.Instant, force: Bool) {
        state.checked = now
        let signatures = paths.map(FileSignature.init(path:))
        guard force || signatures != state.signatures else { return }
        state.signatures = signatures
        state.value = load()
        state.loads += 1
    }
}
