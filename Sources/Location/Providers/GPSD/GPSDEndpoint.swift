/// Where gpsd listens: a host and a TCP port, as given to `--gpsd HOST[:PORT]`.
///
/// ```swift
/// try GPSDEndpoint(parsing: "localhost")          // localhost:2947
/// try GPSDEndpoint(parsing: "127.0.0.1:12947")    // 127.0.0.1:12947
/// try GPSDEndpoint(parsing: "[::1]:2947")         // ::1 port 2947
/// ```
public struct GPSDEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// gpsd's registered port.
    public static let defaultPort = 2947

    /// `localhost:2947`.
    public static let standard = GPSDEndpoint(host: "localhost", port: defaultPort)

    /// A host name or address.
    public var host: String
    /// The TCP port, 1–65535.
    public var port: Int

    /// An endpoint at `host` and `port` (not checked; ``init(parsing:)`` checks text).
    public init(host: String, port: Int = defaultPort) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT`; the port defaults to 2947.
    ///
    /// - Throws: ``GPSDEndpointError`` for an empty host or a port that is not 1–65535.
    public init(parsing text: String) throws(GPSDEndpointError) {
        let trimmed = text.trimmingSpaces
        var host = trimmed
        var portText: Substring?
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { throw .invalid(text) }
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw .invalid(text) }
                portText = rest.dropFirst()
            }
        } else if let colon = trimmed.firstIndex(of: ":") {
            guard trimmed[trimmed.index(after: colon)...].firstIndex(of: ":") == nil else {
                throw .invalid(text)  // a bare IPv6 address needs brackets
            }
            host = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(" ") else { throw .invalid(text) }
        var port = Self.defaultPort
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else { throw .invalidPort(String(portText)) }
            port = value
        }
        self.init(host: String(host), port: port)
    }

    /// `host:port`, with brackets around an IPv6 address.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// Why a `--gpsd` value could not be read.
public enum GPSDEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not `HOST`, `HOST:PORT` or `[IPv6]:PORT`.
    case invalid(String)
    /// The port is not a number from 1 to 65535.
    case invalidPort(String)

    /// The message a person sees.
    public var description: String {
        switch self {
        case .invalid(let text):
            "Invalid gpsd address \"\(text)\": use HOST, HOST:PORT or [IPv6]:PORT, such as localhost:2947."
        case .invalidPort(let text):
            "Invalid gpsd port \"\(text)\": use a number from 1 to 65535."
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: SubSequence {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
