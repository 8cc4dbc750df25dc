import Foundation
import Glibc
import LocationTestSupport
import Locking
import Testing

@testable import Location

/// The event loop as a `TaskExecutor`: tasks that prefer it, and the default actors they call,
/// run on its one thread in order; a task can wait on it for room in a full pipe without
/// holding the thread, and cancelling the task ends the wait.
@Suite(.timeLimit(.minutes(1)))
struct LocationEventLoopTests {
    /// One loop for the suite (its thread lives as long as the process).
    static let loop = LocationEventLoop(name: "petspot.test")

    /// The name of the thread this runs on (`/proc/thread-self/comm`).
    static func threadName() -> String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    actor Counter {
        var runs: [String] = []
        func record() -> String {
            let name = LocationEventLoopTests.threadName()
            runs.append(name)
            return name
        }
    }

    @Test func aTaskThatPrefersTheLoopAndTheActorItCallsRunOnTheLoopThread() async {
        let counter = Counter()
        let names = await Task(executorPreference: Self.loop) {
            (LocationEventLoopTests.threadName(), await counter.record())
        }.value
        #expect(names.0 == "petspot.test")
        #expect(names.1 == "petspot.test", "a default actor runs on its caller's preferred executor")
        // Without the preference, the same actor runs on Swift's pool.
        #expect(await Task { await counter.record() }.value != "petspot.test")
    }

    @Test func jobsRunOneAfterAnotherInTheOrderTheyCame() async {
        let order = Locked<[Int]>([])
        let active = Locked(0)
        let overlapped = Locked(false)
        var tasks: [Task<Void, Never>] = []
        for index in 0..<200 {
            tasks.append(
                Task(executorPreference: Self.loop) {
                    active.withLock { count in
                        count += 1
                        if count > 1 { overlapped.withLock { $0 = true } }
                    }
                    order.withLock { $0.append(index) }
                    active.withLock { $0 -= 1 }
                })
        }
        for task in tasks { await task.value }
        #expect(order.withLock { $0 } == Array(0..<200))
        #expect(!overlapped.withLock { $0 })
    }

    /// A pipe whose write end is full (non-blocking, so filling it cannot hang the test).
    final class FullPipe: Sendable {
        let readEnd: Int32
        let writeEnd: Int32

        init() throws {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            readEnd = fds[0]
            writeEnd = fds[1]
            _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
            let page = [UInt8](repeating: 0x41, count: 4096)
            while page.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
        }

        /// Reads everything in the pipe.
        func drain() {
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while read(readEnd, &buffer, buffer.count) > 0 {}
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }
    }

    @Test func aWaitForRoomEndsWhenTheReaderTakesWhatIsInThePipe() async throws {
        let pipe = try FullPipe()
        let ended = Locked(false)
        let waiting = Task(executorPreference: Self.loop) {
            await Self.loop.waitUntilWritable(pipe.writeEnd)
            ended.withLock { $0 = true }
        }
        // The pipe stays full: the wait goes on (and the thread is free for other tasks).
        try await Task.sleep(for: .milliseconds(200))
        #expect(!ended.withLock { $0 })
        #expect(
            await Task(executorPreference: Self.loop) { LocationEventLoopTests.threadName() }.value == "petspot.test")
        pipe.drain()
        try await withDeadline(hangGuard, "the wait ends once the pipe has room") { await waiting.value }
        #expect(ended.withLock { $0 })
    }

    @Test func cancellingTheTaskEndsItsWaitForRoom() async throws {
        let pipe = try FullPipe()
        let waiting = Task(executorPreference: Self.loop) {
            await Self.loop.waitUntilWritable(pipe.writeEnd)
            return Task.isCancelled
        }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        let cancelled = try await withDeadline(hangGuard, "the cancelled wait ends") { await waiting.value }
        #expect(cancelled)
    }

    /// A reader's deadline that passed while the loop was busy (jobs, other readers) is a poll
    /// without waiting, never one without end: the timeout was computed as -1 (no timeout) once
    /// the deadline was 2 ms past, and a `watch` fed in bursts stopped reading gpsd for good
    /// (found by Benchmarks/Scripts/watch-memory.sh: 298,000 bytes unread, the thread in poll()).
    @Test func aReaderWhoseDeadlineHasPassedIsReadAgainAtOnce() async throws {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let turns = Locked(0)
        let reader = Locked<UInt64?>(nil)
        let fd = fds[0]
        // A loop of its own: nothing else may wake it.
        let loop = LocationEventLoop(name: "petspot.test2")
        loop.execute { registrations in
            let id = registrations.addReader(
                fileDescriptor: fd,
                read: {
                    let turn = turns.withLock { count in
                        count += 1
                        return count
                    }
                    return turn == 1 ? .readAt(.now - .milliseconds(5)) : .waitForInput
                }, end: {})
            reader.withLock { $0 = id }
        }
        try await waitUntil(hangGuard, "the turn after the deadline") { turns.withLock { $0 } >= 2 }
        loop.execute { registrations in
            if let id = reader.withLock({ $0 }) { registrations.removeReader(id) }
        }
    }

    @Test func aPollTimeoutIsWholeMillisecondsRoundedUpAndNeverNegative() {
        let now = ContinuousClock.now
        #expect(LocationEventLoop.milliseconds(until: now + .microseconds(1500), now: now) == 2)
        #expect(LocationEventLoop.milliseconds(until: now + .nanoseconds(1), now: now) == 1)
        #expect(LocationEventLoop.milliseconds(until: now + .seconds(3), now: now) == 3000)
        #expect(LocationEventLoop.milliseconds(until: now, now: now) == 0)
        for past in [Duration.microseconds(500), .microseconds(1500), .microseconds(2500), .seconds(10)] {
            #expect(LocationEventLoop.milliseconds(until: now - past, now: now) == 0)
        }
        #expect(LocationEventLoop.milliseconds(until: now + .seconds(1_000_000), now: now) == 86_400_000)
    }
}
