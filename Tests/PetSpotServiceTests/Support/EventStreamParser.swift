import Foundation

/// Server-Sent Events framing, fed text as it arrives: blocks end with a blank line; a block
/// of `event:` and `data:` lines is an event, `:` lines are comments (heartbeats).
struct EventStreamParser: Sendable {
    struct Event: Sendable, Hashable {
        var name: String
        var data: String
    }

    private(set) var events: [Event] = []
    private(set) var comments: [String] = []
    /// How many `event: fix` events were read.
    private(set) var fixCount = 0
    private var pending = ""

    /// The `data:` of every `event: fix`.
    var fixes: [String] { events.filter { $0.name == "fix" }.map(\.data) }

    /// Adds `text` read from the stream, recording every block it completes.
    mutating func append(_ text: String) {
        pending += text
        while let range = pending.range(of: "\n\n") {
            let block = String(pending[..<range.lowerBound])
            pending.removeSubrange(..<range.upperBound)
            var name = "message"
            var data: [String] = []
            var isComment = true
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") {
                    comments.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
                } else if line.hasPrefix("event: ") {
                    name = String(line.dropFirst(7))
                    isComment = false
                } else if line.hasPrefix("data: ") {
                    data.append(String(line.dropFirst(6)))
                    isComment = false
                }
            }
            if !isComment {
                events.append(Event(name: name, data: data.joined(separator: "\n")))
                if name == "fix" { fixCount += 1 }
            }
        }
    }
}
