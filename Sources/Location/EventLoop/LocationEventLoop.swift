import Foundation
import Glibc
import Locking

/// The thread that reads every gpsd connection of the process, and a `TaskExecutor` that work
/// handling what it reads can prefer, so that a report can go from the socket to a consumer's
/// output without waking another thread.
///
/// The thread waits in `poll()` for the file descriptors registered with it (gpsd sockets,
/// and any descriptor a task waits to write with ``waitUntilWritable(_:)``), and between two
/// waits runs the Swift jobs enqueued on it: a task created with
/// `Task(executorPreference: LocationEventLoop.shared)`, and the code of any default actor
/// such a task calls, runs here. `petspot watch` runs its ``LocationService`` and its printer
/// this way (the service's `executor:`), so a fix is read, parsed, checked, encoded and
/// written by this one thread: no futex wake-up and no context switch per fix
/// (Docs/Location.md, "One thread from the socket to the output").
///
/// Jobs run one after another, in the order they were enqueued; a job that blocks holds up
/// every gpsd connection, so work that may block (a `write` to a pipe, a connect) either does
/// not run here or first waits for its descriptor (``waitUntilWritable(_:)``) — the gpsd
/// provider connects on a thread of its own for the same reason.
///
/// ```swift
/// let loop = LocationEventLoop.shared
/// let service = LocationService(provider: GPSDProvider(), authorizer: authorizer, executor: loop)
/// let printing = Task(executorPreference: loop) {
///     for await update in service.updates { print(update) }
/// }
/// ```
public final class LocationEventLoop: TaskExecutor {
    /// The loop of the process: every gpsd connection is read on its thread.
    public static let shared = LocationEventLoop(name: "petspot.gpsd")

    /// What other threads hand to the loop thread.
    private struct Inbox {
        var jobs: [UnownedJob] = []
        var work: [@Sendable (inout Registrations) -> Void] = []
        /// The thread waits in `poll()` with no timeout: a new job or work must wake it.
        var sleeping = false
        var started = false
    }

    private let name: String
    private let inbox = Locked(Inbox())
    /// A pipe whose read end the thread polls, so that a job enqueued from another thread
    /// while it sleeps wakes it at once.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// A loop whose thread (started by the first job or connection) is named `name` for
    /// `top -H`, `ps -L` and `/proc`; it lives as long as the process. Tests make their own
    /// beside ``shared``, to see which thread read what.
    public init(name: String) {
        self.name = name
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    /// Queues `job` to run on the loop thread, after the jobs before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        wake(after: { $0.jobs.append(job) })
    }

    /// Runs `work` on the loop thread with its registrations (sockets to read, descriptors to
    /// wait for), after what was handed over before it.
    func execute(_ work: @escaping @Sendable (inout Registrations) -> Void) {
        wake(after: { $0.work.append(work) })
    }

    /// Suspends until `fileDescriptor` can be written (`poll()` reports `POLLOUT`, or an error
    /// or hang-up that the next write will report), or until the task is cancelled.
    public func waitUntilWritable(_ fileDescriptor: Int32) async {
        let id = Registrations.makeWaitID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                execute { $0.addWriteWaiter(id, fileDescriptor: fileDescriptor, continuation: continuation) }
            }
        } onCancel: {
            execute { $0.endWriteWaiter(id) }
        }
    }

    private func wake(after change: (inout Inbox) -> Void) {
        let (start, wake) = inbox.withLock { inbox in
            change(&inbox)
            defer {
                inbox.started = true
                inbox.sleeping = false
            }
            return (!inbox.started, inbox.sleeping)
        }
        if start {
            Thread.detachNewThread { [self] in run() }
        }
        if wake {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    /// The thread's body: hand-overs, ready readers, jobs, then `poll()` for more.
    private func run() {
        Self.ignoreBrokenPipes()
        Self.nameThread(name)
        var registrations = Registrations()
        var fds: [pollfd] = []
        // What each round takes out of the inbox, swapped with the inbox's arrays so that both
        // keep their capacity: no array is allocated per round (and so per batch of fixes).
        var work: [@Sendable (inout Registrations) -> Void] = []
        var jobs: [UnownedJob] = []
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            inbox.withLock { swap(&$0.work, &work) }
            for item in work { item(&registrations) }
            work.removeAll(keepingCapacity: true)
            registrations.readReadySources()
            runJobs(&jobs)
            // Sleep only when nothing is waiting: no reader with buffered input, no job, no work;
            // and at most until the first reader's deadline.
            var timeout: Int32 = 0
            if !registrations.hasReadySource {
                let limit = registrations.nextDeadline.map { Self.milliseconds(until: $0) } ?? -1
                timeout = inbox.withLock { inbox in
                    guard inbox.jobs.isEmpty, inbox.work.isEmpty, limit != 0 else { return 0 }
                    inbox.sleeping = true
                    return limit
                }
            }
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            registrations.appendPollDescriptors(to: &fds)
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if timeout != 0 { inbox.withLock { $0.sleeping = false } }
            if fds[0].revents != 0 {
                while read(wakeRead, &drain, drain.count) > 0 {}
            }
            registrations.note(fds.dropFirst())
            if registrations.nextDeadline != nil { registrations.noteTime(.now) }
        }
    }

    /// `poll()`'s timeout for `deadline`: whole milliseconds, rounded up, 0 when it has passed
    /// (never negative: -1 would be no timeout at all).
    static func milliseconds(until deadline: ContinuousClock.Instant, now: ContinuousClock.Instant = .now) -> Int32 {
        let remaining = deadline - now
        guard remaining > .zero else { return 0 }
        guard remaining < .seconds(86_400) else { return 86_400_000 }
        let (seconds, attoseconds) = remaining.components
        return Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Runs the jobs queued so far; jobs they enqueue run in the next round, after the
    /// sockets had their turn. `jobs` is empty on entry and on return; its capacity and the
    /// inbox's are kept.
    private func runJobs(_ jobs: inout [UnownedJob]) {
        inbox.withLock { swap(&$0.jobs, &jobs) }
        let executor = asUnownedTaskExecutor()
        for job in jobs { job.runSynchronously(on: executor) }
        jobs.removeAll(keepingCapacity: true)
    }

    /// Names this thread for `top -H`, `ps -L` and `/proc` (what `pthread_setname_np` does;
    /// Glibc's module does not export it).
    private static func nameThread(_ name: String) {
        let fd = Glibc.open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        _ = name.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        Glibc.close(fd)
    }

    /// Blocks SIGPIPE on this thread. libgps writes commands (`?WATCH=…`) with plain
    /// `write()`, and a write to a gpsd that has just gone away raises SIGPIPE, whose default
    /// action kills the whole process — found by the chaos test with a peer that hangs up.
    /// SIGPIPE is sent to the writing thread, so blocking it here turns it into an `EPIPE`
    /// error on this thread only (a consumer writing its output here, to a reader that went
    /// away, gets `EPIPE` too); the signal stays pending while blocked and is discarded.
    private static func ignoreBrokenPipes() {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    }
}
