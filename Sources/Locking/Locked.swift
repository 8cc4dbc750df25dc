#if canImport(Glibc)
    import Glibc
#endif

/// A value that several threads share, guarded by a POSIX mutex.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["fixes", default: 0] += 1 }
/// let fixes = counts.withLock { $0["fixes"] ?? 0 }
/// ```
///
/// The same shape as `Synchronization.Mutex`, which PetSpot used first. On Linux that
/// `Mutex` locks with raw futex calls inside the prebuilt, uninstrumented Synchronization
/// module, so ThreadSanitizer cannot see it and reports every access it guards as a data race
/// (a four-thread counter under `Mutex` is enough to show it). `pthread_mutex_lock` is
/// intercepted by ThreadSanitizer, so with `Locked` the sanitizer checks what the locks really
/// protect — the reason CI can run the suite under ThreadSanitizer at all.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, between
    // pthread_mutex_lock and pthread_mutex_unlock on `mutex`, which lives as long as `self`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// Keep `body` short and never call back into code that may take the same lock: the
    /// mutex is not recursive.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
