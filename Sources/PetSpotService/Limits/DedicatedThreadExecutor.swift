import Foundation

/// A task executor with one thread of its own. Work run with this executor as its preference
/// (`withTaskExecutorPreference`), and the default actors it calls, runs on that thread instead
/// of Swift's shared cooperative pool, where every request of the server is answered.
///
/// Hand-written: neither NIO 2.101 nor Dispatch on Linux offers a `TaskExecutor` backed by a
/// thread of its own.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs` is read and written only with `condition` locked; the thread
    // is the only one that runs the jobs.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// The executor the scenario runs of every server in this process share.
    static let scenarioRuns = DedicatedThreadExecutor(name: "petspot-scenarios")

    /// Starts the thread, which runs for the life of the process.
    init(name: String) {
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
