import HTTPTypes
import Location
import NIOCore
import NIOHTTPTypes
import Testing

@testable import PetSpotService

/// The limits' logic with no server: the body deadline's state machine, token buckets on a
/// virtual clock, host names, the connection limit from the open-file limit.
struct ServiceLimitsTests {
    static let head = HTTPRequestPart.head(HTTPRequest(method: .post, scheme: nil, authority: "x", path: "/"))
    static let responseHead = HTTPResponsePart.head(HTTPResponse(status: .ok))

    @Test func aBodyThatEndsInTimeCancelsItsDeadline() {
        var machine = RequestBodyDeadline()
        #expect(machine.received(Self.head) == .forwardAndStartDeadline)
        #expect(machine.received(.body(ByteBuffer(string: "x"))) == .forward)
        #expect(machine.received(.end(nil)) == .forwardAndCancelDeadline)
        #expect(machine.deadlinePassed() == .nothing)
    }

    @Test func aLateBodyIsAnswered408UnlessAnAnswerStarted() {
        var waiting = RequestBodyDeadline()
        _ = waiting.received(Self.head)
        #expect(waiting.deadlinePassed() == .answerTimeoutAndClose)

        var answering = RequestBodyDeadline()
        _ = answering.received(Self.head)
        answering.wrote(Self.responseHead)
        #expect(answering.deadlinePassed() == .close)
    }

    @Test func theRestOfABodyAnsweredEarlyIsThrownAway() {
        var machine = RequestBodyDeadline()
        _ = machine.received(Self.head)
        machine.wrote(Self.responseHead)
        machine.wrote(.end(nil))
        #expect(machine.isDiscarding)
        #expect(machine.received(.body(ByteBuffer(string: "rest"))) == .discardAndReadOn)
        #expect(machine.received(.end(nil)) == .forwardAndCancelDeadline)
        #expect(!machine.isDiscarding)
        // The next request on the connection starts afresh.
        #expect(machine.received(Self.head) == .forwardAndStartDeadline)
        #expect(machine.received(.body(ByteBuffer(string: "x"))) == .forward)
    }

    /// A client that has the previous answer's `Content-Length` bytes sends the next request
    /// before that answer's end has passed the handler: the late end is the previous request's,
    /// and the new body is the route's, whole (an early version threw it away: a photo PUT
    /// arrived empty, 422, now and then).
    @Test func aLateEndOfThePreviousAnswerDoesNotTakeTheNextBody() {
        var machine = RequestBodyDeadline()
        _ = machine.received(Self.head)
        _ = machine.received(.end(nil))
        machine.wrote(Self.responseHead)
        machine.wrote(.body(ByteBuffer(string: "{}")))
        // The next request arrives before the first answer's end is written.
        #expect(machine.received(Self.head) == .forwardAndStartDeadline)
        machine.wrote(.end(nil))
        #expect(!machine.isDiscarding)
        #expect(machine.received(.body(ByteBuffer(string: "photo"))) == .forward)
        #expect(machine.received(.end(nil)) == .forwardAndCancelDeadline)
        #expect(machine.deadlinePassed() == .nothing)
    }

    @Test func aBucketAllowsItsBurstThenRefillsAtItsRate() async {
        let clock = VirtualClock()
        let limiter = RateLimiter(RateLimit(perMinute: 60, burst: 2), clock: clock)
        #expect(limiter.take("a") == nil)
        #expect(limiter.take("a") == nil)
        #expect(limiter.take("a") == .seconds(1))
        #expect(limiter.take("b") == nil, "another client has its own bucket")
        _ = await clock.advance(by: .milliseconds(500))
        #expect(limiter.take("a") == .milliseconds(500))
        _ = await clock.advance(by: .milliseconds(500))
        #expect(limiter.take("a") == nil)
        _ = await clock.advance(by: .seconds(3600))
        #expect(limiter.take("a") == nil)
        #expect(limiter.take("a") == nil)
        #expect(limiter.take("a") != nil, "the bucket holds its burst at most")
    }

    @Test func aFloodOfAddressesKeepsTheTableBounded() {
        let limiter = RateLimiter(RateLimit(perMinute: 60, burst: 5), clock: VirtualClock(), maximumClients: 100)
        for index in 0..<10_000 { _ = limiter.take("client-\(index)") }
        #expect(limiter.clientCount <= 100)
    }

    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1:8080", true), ("127.0.0.1", "localhost:8080", true),
        ("127.0.0.1", "LOCALHOST", true), ("127.0.0.1", "[::1]:8080", true),
        ("127.0.0.1", "attacker.example", false), ("127.0.0.1", "attacker.example:8080", false),
        ("127.0.0.1", "192.168.1.5", false), ("0.0.0.0", "192.168.1.5:8080", true),
        ("0.0.0.0", "localhost", true), ("0.0.0.0", "petspot.lan", false), ("192.168.1.5", "192.168.1.5", true),
        ("192.168.1.5", "localhost", false), ("pets.example", "pets.example:443", true),
        ("127.0.0.1", "pets.example", true), ("127.0.0.1", "evil.pets.example", false),
    ])
    func hostNames(listening: String, host: String, allowed: Bool) {
        let policy = AllowedHosts(listeningOn: listening, names: ["Pets.Example"])
        #expect(policy.allows(authority: host) == allowed, "\(listening) ← \(host)")
    }

    @Test func theConnectionLimitLeavesAReserveOfTheOpenFiles() {
        #expect(ConnectionLimit.maximum(forOpenFiles: 256) == 192)
        #expect(ConnectionLimit.maximum(forOpenFiles: 1_024) == 896)
        #expect(ConnectionLimit.maximum(forOpenFiles: 20_000) == 17_500)
        #expect(ConnectionLimit.maximum(forOpenFiles: 10) == 1)
        var limit = ConnectionLimit(maximum: 2)
        limit.connectionOpened()
        #expect(limit.isAcceptingNewConnections())
        limit.connectionOpened()
        #expect(!limit.isAcceptingNewConnections())
        limit.connectionClosed()
        #expect(limit.isAcceptingNewConnections())
        #expect(limit.openConnections == 1)
    }

    @Test func theBudgetRefusesWhatWouldGoPastIt() {
        let budget = BodyBudget(capacity: 100)
        let first = BodyBudget.Lease(budget)
        let second = BodyBudget.Lease(budget)
        #expect(first.reserve(60))
        #expect(!second.reserve(41))
        #expect(second.reserve(40))
        #expect(budget.inUse == 100)
        first.end()
        #expect(budget.inUse == 40)
        second.end()
        #expect(budget.inUse == 0)
    }
}
