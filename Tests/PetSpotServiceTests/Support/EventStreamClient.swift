import AsyncHTTPClient
import Foundation
import Locking
import NIOCore
import NIOHTTP1

/// A Server-Sent Events client on AsyncHTTPClient that records what it reads: each event's
/// name and data, and the comments (heartbeats).
final class EventStreamClient: Sendable {
    struct Event: Sendable, Hashable {
        var name: String
        var data: String
    }

    private struct State {
        var events: [Event] = []
        var comments: [String] = []
        var status: Int?
        var ended = false
        var pending = ""
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
    init(url: String, client: HTTPClient = EventStreamClient.streamingClient) {
        let reader = Task { [state] in
            do {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "Accept", value: "text/event-stream")
                let response = try await client.execute(request, timeout: .hours(1))
                state.withLock { $0.status = Int(response.status.code) }
                for try await buffer in response.body {
                    let text = String(buffer: buffer)
                    state.withLock { Self.parse(text, into: &$0) }
                }
            } catch {}
            state.withLock { $0.ended = true }
        }
        task.withLock { $0 = reader }
    }

    var events: [Event] { state.withLock { $0.events } }
    var comments: [String] { state.withLock { $0.comments } }
    var status: Int? { state.withLock { $0.status } }
    var ended: Bool { state.withLock { $0.ended } }

    /// The `data:` of every `event: fix`.
    var fixes: [String] { events.filter { $0.name == "fix" }.map(\.data) }

    /// Drops the connection (the client goes away).
    func close() {
        task.withLock { $0?.cancel() }
    }

    /// Waits (polling, at most `seconds`) until `condition` holds; false on timeout.
    func wait(_ seconds: Double, until condition: @Sendable (EventStreamClient) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(self)
    }

    private static func parse(_ text: String, into state: inout State) {
        state.pending += text
        while let range = state.pending.range(of: "\n\n") {
            let block = String(state.pending[..<range.lowerBound])
            state.pending.removeSubrange(..<range.upperBound)
            var name = "message"
            var data: [String] = []
            var isComment = true
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") {
                    state.comments.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
                } else if line.hasPrefix("event: ") {
                    name = String(line.dropFirst(7))
                    isComment = false
                } else if line.hasPrefix("data: ") {
                    data.append(String(line.dropFirst(6)))
                    isComment = false
                }
            }
            if !isComment { state.events.append(Event(name: name, data: data.joined(separator: "\n"))) }
        }
    }
}
