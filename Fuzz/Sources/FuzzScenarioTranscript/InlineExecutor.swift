import Synchronization
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// Swift's default executor for this process, replaced by one that runs every job on the
/// thread that calls ``run(until:)`` — here libFuzzer's — one after another, in the order they
/// were enqueued; jobs that asked for a delay (`Task.sleep`) run, in order, once nothing else
/// is ready, without waiting for real time.
///
/// Why: a scenario run is hundreds of small steps that hop between tasks and the service's
/// actor. On Swift's thread pool each hop can wake another thread, and on a loaded machine
/// (the fuzzer runs under `nice`) each wake-up waits for the scheduler: a run took about a
/// second of wall time for a few milliseconds of work. On one thread a hop is a queue
/// operation. Any order this executor picks is one the thread pool could pick too, so the
/// properties checked hold the same; and the order is the same every time, so an input gives
/// the same coverage on every run. Playback settles by counting, not by real-time quiet, so
/// running sleeps early changes no transcript.
///
/// How: Swift 6.3 replaces its default executor only through experimental SPI
/// (`ExecutorFactory`, `_createExecutors(factory:)`, `SchedulingExecutor`), which this target
/// uses and the product does not. Should a later toolchain route a job around it, the run
/// would wait for that job forever: ``run(until:)`` then reports that nothing is left to run,
/// and the target fails loudly instead of fuzzing something else.
enum InlineExecutor {
    private struct Queues {
        var ready: [UnownedJob] = []
        var readyStart = 0
        var delayed: [UnownedJob] = []
        var delayedStart = 0

        /// The oldest ready job; when none, the oldest delayed one.
        mutating func next() -> UnownedJob? {
            if readyStart < ready.count {
                defer { readyStart += 1 }
                return ready[readyStart]
            }
            ready.removeAll(keepingCapacity: true)
            readyStart = 0
            if delayedStart < delayed.count {
                defer { delayedStart += 1 }
                return delayed[delayedStart]
            }
            delayed.removeAll(keepingCapacity: true)
            delayedStart = 0
            return nil
        }
    }

    private static let queues = Mutex(Queues())

    /// The default (and main) executor: jobs go into ``queues``.
    private final class Queue: TaskExecutor, SchedulingExecutor, MainExecutor {
        static let shared = Queue()

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queues.withLock { $0.ready.append(job) }
        }

        func enqueue<C: Clock>(
            _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
        ) {
            let job = UnownedJob(job)
            queues.withLock { $0.delayed.append(job) }
        }

        func enqueue<C: Clock>(
            _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
        ) {
            let job = UnownedJob(job)
            queues.withLock { $0.delayed.append(job) }
        }

        // The main run loop: this target has none (libFuzzer owns the main thread).
        func run() throws {}
        func stop() {}
    }

    private struct Factory: ExecutorFactory {
        static var mainExecutor: any MainExecutor { Queue.shared }
        static var defaultExecutor: any TaskExecutor { Queue.shared }
    }

    /// Makes this the process' default executor (once, before the first task; later calls
    /// do nothing).
    static func install() {
        _ = installed
    }

    private static let installed: Void = _createExecutors(factory: Factory.self)

    /// Runs jobs until `done` returns true.
    ///
    /// - Returns: `false` when no job was left to run and `done` was still false: every task
    ///   waits for something that can no longer happen.
    static func run(until done: () -> Bool) -> Bool {
        while !done() {
            guard let job = queues.withLock({ $0.next() }) else { return false }
            job.runSynchronously(on: Queue.shared.asUnownedTaskExecutor())
        }
        return true
    }

    /// Runs jobs until none is left (so that what a finished run cancelled ends, and its
    /// memory is freed before the next input).
    static func drain() {
        _ = run(until: { false })
    }
}
