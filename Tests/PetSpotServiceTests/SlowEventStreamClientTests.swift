import Foundation
import Geodata
import InMemoryLogging
import Location
import LocationTestSupport
import Logging
import PetSpotService
import Scenarios
import Testing

/// `GET /v1/location/updates` with a client that stops reading its socket: the server fills
/// the TCP buffers, then that client's own queue, then drops its oldest updates — while a
/// fast client on the same server gets every update, each before the next is played. When
/// the slow client reads again it gets the newest updates and a `dropped` state event that
/// says exactly how many it missed.
///
/// Deterministic: the test plays fixes into the scenario receiver itself and counts; the only
/// time limits are bounds for failing instead of hanging.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SlowEventStreamClientTests {
    /// Fixes played at once: fewer than the service keeps per consumer (16).
    static let batch = 12

    /// Fix number `number` (1, 2, …): latitude `number / 1000`, read back by ``number(of:)``.
    static func fix(_ number: Int, source: FixSource) throws -> LocationFix {
        LocationFix(
            coordinate: try Coordinate(latitude: Double(number) / 1000, longitude: 21.0122),
            horizontalAccuracy: 5, source: source)
    }

    /// The number of the fix whose JSON is `data`.
    static func number(of data: String) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        return (object?["latitude"] as? Double).map { Int(($0 * 1000).rounded()) }
    }

    /// `count` of a `{"state":"dropped","count":N}` state event, `nil` for any other event.
    static func droppedCount(_ event: EventStreamParser.Event) -> Int? {
        guard event.name == "state", let node = try? JSONNode.parse(event.data),
            node["state"] == .string("dropped"), case .number(let count) = node["count"]
        else { return nil }
        return Int(count)
    }

    @Test func aSlowClientLosesItsOldestUpdatesAndNeverSlowsTheOthers() async throws {
        let logs = InMemoryLogHandler()
        let logger = Logger(label: "petspot.serve.test") { _ in logs }
        let loop = ScenarioLoop(scenario: try LocationUpdatesTests.walk(1), loops: false)
        let source = LocationSource.scenario(loop, startsLoop: false, logger: logger)
        let service = try #require(source.service)
        let bufferSize = 32
        let configuration = ServiceConfiguration(location: source, logger: logger, eventBufferSize: bufferSize)
        let receiver = loop.receiver
        let behind: @Sendable () -> Bool = {
            logs.entries.contains { $0.message.description.contains("client is behind") }
        }

        try await TestServer.with(configuration) { server in
            let slow = try StalledEventStreamClient(port: server.port, path: "/v1/location/updates")
            defer { slow.close() }
            #expect(await eventually(hangGuard) { await service.subscriberCount == 1 })
            let fast = EventStreamClient(url: server.url("/v1/location/updates"))
            defer { fast.close() }
            #expect(await eventually(hangGuard) { await service.subscriberCount == 2 })
            // The provider's run has attached: a fix played now reaches the clients.
            #expect(await eventually(hangGuard) { receiver.listenerCount == 1 })

            // Fixes in batches smaller than the service's and a client's queues; the fast
            // client must have read each batch before the next is played.
            var sent = 0
            func play(batches: Int) async throws {
                for _ in 0..<batches {
                    for _ in 0..<Self.batch {
                        sent += 1
                        receiver.play(.fix(try Self.fix(sent, source: receiver.source)))
                    }
                    let target = sent
                    let kept = await fast.wait(30, polling: .milliseconds(1)) { $0.fixCount >= target }
                    try #require(kept, "the fast client got \(fast.fixCount) of \(target) fixes")
                }
            }
            // Until the slow client's socket buffers, the server's and then its queue are full.
            while !behind(), sent < 60_000 { try await play(batches: 1) }
            try #require(behind(), "\(sent) fixes and the server never saw the stalled client fall behind")
            let filled = sent
            // Twice its queue more: the oldest of those are dropped for the slow client.
            try await play(batches: 2 * bufferSize / Self.batch)
            let last = sent

            let caughtUp = await slow.read(60) { parser in parser.fixes.contains { Self.number(of: $0) == last } }
            try #require(caughtUp, "the slow client never got the newest fix \(last)")
            #expect(slow.status == 200)

            // The fast client: every fix, in order, nothing dropped.
            #expect(fast.fixes.map(Self.number) == (1...last).map { Optional($0) })
            #expect(!fast.events.contains { Self.droppedCount($0) != nil })

            // The slow client: fixes in order; every gap announced with its exact size just
            // before the first fix after it; the newest fix last.
            var previous = 0
            var announced = 0
            var gaps: [Int] = []
            var received = 0
            for event in slow.parser.events {
                if let count = Self.droppedCount(event) {
                    let problems = SchemaValidator(document: OpenAPIConformanceTests.document).problems(
                        try JSONNode.parse(event.data), ["$ref": "#/components/schemas/Dropped"])
                    #expect(problems.isEmpty, "\(problems)")
                    announced += count
                    continue
                }
                guard event.name == "fix", let number = Self.number(of: event.data) else { continue }
                #expect(
                    number == previous + 1 + announced, "fix \(number) after \(previous), \(announced) said dropped")
                if announced > 0 { gaps.append(announced) }
                announced = 0
                previous = number
                received += 1
            }
            #expect(previous == last)
            #expect(received + gaps.reduce(0, +) == last)
            // Some were dropped (how many depends on how much the kernel's loopback buffers take
            // once the stall is seen: they grow under TCP autotuning, and on a busy machine 25 of
            // the 64 played after it were dropped, not all 32 of the queue's worth).
            #expect(!gaps.isEmpty, "nothing dropped after \(filled) fixes filled the buffers")
            // The earliest fixes sat in the TCP buffers: nothing was lost before the stall.
            #expect(slow.parser.fixes.prefix(Self.batch).map(Self.number) == (1...Self.batch).map { Optional($0) })

            // Caught up, the slow client is an ordinary client again.
            try await play(batches: 1)
            let again = sent
            #expect(await slow.read(30) { parser in parser.fixes.contains { Self.number(of: $0) == again } })
        }
    }
}
