import AsyncHTTPClient
import Foundation
import Locking
import NIOCore
import NIOHTTP1

/// A Server-Sent Events client on AsyncHTTPClient that records what it reads: each event's
/// name and data, and the comments (heartbeats).
final class EventStreamClient: Sendable {
    typealias Event = EventStreamParser.Event

    private struct State {
        var parser = EventStreamParser()
        var status: Int?
        var ended = false
    }

    private let state = Locked(State())
    private let task = Locked<Task<Void, Never>?>(nil)

    /// A client whose pool opens as many connections as the tests need streams
    /// (`HTTPClient.shared` keeps 8 per host).
    static let streamingClient = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 1000)))

    /// Opens `url` and reads it in the background until ``close()`` or the stream ends.
    init(url: String, headers: [(String, String)] = [], client: HTTPClient = EventStreamClient.streamingClient) {
        let reader = Task { [state] in
            do {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "Accept", value: "text/event-stream")
                for (name, value) in headers { request.headers.add(name: name, value: value) }
                let response = try await client.execute(request, timeout: .hours(1))
                state.withLock { $0.status = Int(response.status.code) }
                for try await buffer in response.body {
                    let text = String(buffer: buffer)
                    state.withLock { $0.parser.append(text) }
                }
            } catch {}
            state.withLock { $0.ended = true }
        }
        task.withLock { $0 = reader }
    }

    var events: [Event] { state.withLock { $0.parser.events } }
    var comments: [String] { state.withLock { $0.parser.comments } }
    var status: Int? { state.withLock { $0.status } }
    var ended: Bool { state.withLock { $0.ended } }

    /// The `data:` of every `event: fix`.
    var fixes: [String] { state.withLock { $0.parser.fixes } }

    /// Drops the connection (the client goes away).
    func close() {
        task.withLock { $0?.cancel() }
    }

    /// How many `event: fix` events were read.
    var fixCount: Int { state.withLock { $0.parser.fixCount } }

    /// Waits (polling every `interval`, at most `seconds`) until `condition` holds; false on
    /// timeout.
    func wait(
        _ seconds: Double, polling interval: Duration = .milliseconds(20),
        until condition: @Sendable (EventStreamClient) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: interval)
        }
        return condition(self)
    }
}
