public import Foundation

/// A mail as the test SMTP server kept it, read the way a mail reader would: its headers
/// (unfolded; names compared without case) and its text and HTML parts decoded from base64.
public struct ReceivedMail: Sendable {
    /// The headers in order.
    public let headers: [(name: String, value: String)]
    /// The `text/plain` part, decoded.
    public let text: String?
    /// The `text/html` part, decoded.
    public let html: String?
    /// The raw message.
    public let raw: String

    public init(_ kept: SMTPTestServer.Kept) {
        self.init(raw: kept.data)
    }

    public init(raw: String) {
        self.raw = raw
        let lines = raw.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        let (headers, bodyStart) = Self.headers(lines, from: 0)
        self.headers = headers
        var text: String?
        var html: String?
        let type = headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
        if let range = type.range(of: "boundary=\"") {
            let boundary = String(type[range.upperBound...].prefix { $0 != "\"" })
            var index = bodyStart
            while index < lines.count {
                if lines[index] == "--\(boundary)" {
                    let (partHeaders, start) = Self.headers(lines, from: index + 1)
                    var end = start
                    while end < lines.count, !lines[end].hasPrefix("--\(boundary)") { end += 1 }
                    let decoded = Self.decoded(lines[start..<end])
                    let partType = partHeaders.first { $0.name.lowercased() == "content-type" }?.value ?? ""
                    if partType.hasPrefix("text/plain") { text = decoded }
                    if partType.hasPrefix("text/html") { html = decoded }
                    index = end
                } else {
                    index += 1
                }
            }
        } else {
            text = Self.decoded(lines[bodyStart...])
        }
        self.text = text
        self.html = html
    }

    /// The first value of header `name`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of header `name`.
    public func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The first link in the text part that starts with `prefix`.
    public func link(startingWith prefix: String) -> String? {
        guard let text, let start = text.range(of: prefix) else { return nil }
        return String(text[start.lowerBound...].prefix { !$0.isWhitespace })
    }

    private static func headers(_ lines: [String], from start: Int) -> ([(name: String, value: String)], Int) {
        var headers: [(name: String, value: String)] = []
        var index = start
        while index < lines.count, !lines[index].isEmpty {
            let line = lines[index]
            if line.first == " " || line.first == "\t", !headers.isEmpty {
                headers[headers.count - 1].value += line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                headers.append(
                    (
                        String(line[..<colon]),
                        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    ))
            }
            index += 1
        }
        return (headers, index + 1)
    }

    private static func decoded(_ lines: ArraySlice<String>) -> String {
        let joined = lines.joined()
        guard let data = Data(base64Encoded: joined) else { return lines.joined(separator: "\n") }
        // A reader shows line ends, not CRLF.
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}
