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
/// The same shape as `Synchronization.Mutex`, which PetSpot used first, down to `sending`:
/// the value goes in as `sending` and `withLock` hands it to its closure as `inout sending`,
/// so a value that is not `Sendable` (an instance of a class) can be put behind the lock
/// only when nothing outside still refers to it — otherwise two threads could reach it, one
/// through the lock and one around it. The compiler refuses both of these
/// (`LockedSendingTests` compiles them):
///
/// ```swift
/// final class Box { var count = 0 }
/// let shared = Box()
/// let boxes = Locked(shared)            // error: sending 'shared' risks causing data races
/// shared.count += 1
///
/// boxes.withLock { $0 = shared }        // error: 'inout sending' parameter '$0' cannot be
/// _ = shared.count                      //        task-isolated at end of function
/// ```
///
/// (Like `Mutex.withLock` in Swift 6.3, returning the guarded instance itself, `withLock {
/// $0 }`, is not caught; do not.)
///
/// On Linux that
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

    /// Guards `value`, which the lock owns from now on.
    public init(_ value: sending Value) {
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

    /// Runs `body` with exclusive access to the value and returns what it returns, like
    /// `Mutex.withLock`: the value is `inout sending` (what `body` stores in it is the lock's
    /// alone) and the result is `sending` (it shares nothing with the guarded value).
    ///
    /// Keep `body` short and never call back into code that may take the same lock: the
    /// mutex is not recursive.
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
