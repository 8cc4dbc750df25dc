import LocationTestSupport
import Testing

@testable import Location

/// `watch`'s one thread: a service and its consumer on a ``LocationEventLoop``, with the
/// provider's events sent on the loop thread as the gpsd reader sends them. A batch of events
/// read in one turn reaches the consumer as one batch: the service takes them all before the
/// consumer runs, so the consumer finds them waiting and writes them with one `write`.
///
/// Before, the service's `take()` hopped to the generic executor after each event; on a task
/// executor that hop is an enqueue behind the consumer, so the consumer ran between two events
/// and found one update waiting each time: a `write` per fix (`Benchmarks/Scripts/watch-profile.sh`
/// counted 5,012 writes for 5,000 fixes in chunks of 200).
@Suite(.timeLimit(.minutes(1)))
struct OneBatchTests {
    @Test(arguments: [1, 20, 300])
    func aBatchOfEventsSentOnTheLoopReachesTheConsumerAsOneBatch(batch: Int) async throws {
        let loop = LocationEventLoop(name: "petspot.test.batch")
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), updateBufferSize: 1024,
            executor: loop)
        let fixes = try (0..<batch).map { try testFix(10 + Double($0) * 0.00001, 20) }
        let waiting = await Task(executorPreference: loop) {
            var updates = service.updates.makeAsyncIterator()
            #expect(await updates.next() == .waitingForFix)
            await provider.waitUntilRunning()
            // The batch, sent in one job on the loop thread while this consumer waits.
            loop.execute { _ in
                for fix in fixes { provider.emit(.fix(fix)) }
            }
            var seen: [Int] = []
            while seen.count < batch, let update = await updates.next() {
                guard update.fix != nil else { continue }
                seen.append(updates.pendingUpdates)
            }
            return seen
        }.value
        // At its first fix, the rest of the batch was already waiting.
        #expect(waiting.first == batch - 1)
        #expect(waiting == Array((0..<batch).reversed()))
    }
}
